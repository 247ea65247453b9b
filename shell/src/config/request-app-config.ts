/**
 * GET /app-config.json, no-cache: a redeployed remote or a moved API must be picked up on the next
 * load. Kept free of imports so main.ts can start it before any shared module is negotiated.
 * index.html preloads the same address (`as=fetch`, `crossorigin`; preload-first-paint.cjs,
 * ADR 0485), and the browser answers this request with it: keep the two the same kind of request.
 */
export function requestAppConfig(fetcher: typeof fetch = fetch): Promise<Response> {
  const response = fetcher('/app-config.json', { cache: 'no-cache', headers: { accept: 'application/json' } });
  // Handled where it is read (loadAppConfig); this only keeps an early failure from being
  // reported as unhandled while bootstrap is still downloading.
  response.catch(() => undefined);
  return response;
}
