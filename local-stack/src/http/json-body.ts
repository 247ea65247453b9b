import type { Context } from 'hono';

/**
 * Reads a request body that must be a JSON object: `{}` for an empty body, `undefined` when it
 * is not a JSON object — each service then answers in its own error shape.
 */
export async function readJsonObject(c: Context): Promise<Record<string, unknown> | undefined> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // not JSON: the caller reports it
  }
  return undefined;
}
