// The slice of Deno's global that these functions use, for type-checking them with the repo's
// TypeScript (Supabase's edge runtime provides the real thing; the local stack provides a shim).
declare namespace Deno {
  const env: { get(name: string): string | undefined };
  function serve(handler: (req: Request) => Response | Promise<Response>): unknown;
}
