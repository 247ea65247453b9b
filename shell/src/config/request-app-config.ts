/**
 * GET /app-config.json, no-cache: a redeployed remote or a moved API must be picked up on the next
 * load. Kept free of imports so main.ts can start it before any shared module is negotiated.
 */
export function requestAppConfig(fetcher: typeof fetch = fetch): Promise<Response> {
  const response = fetcher('/app-config.json', { cache: 'no-cache', headers: { accept: 'application/json' } });
  // Handled where it is read (loadAppConfig); this only keeps an early failure from being
  // reported as unhandled while bootstrap is still downloading.
  response.catch(() => undefined);
  return response;
}
