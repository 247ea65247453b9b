import { escapeToBuffer } from 'hono/utils/html';

/**
 * Text for HTML (element content and quoted attribute values): the one escaper of the platform's
 * pages and mail (Google consent screen, Stripe's hosted pages, auth mail), and hono's own, the
 * one its `html` template uses. Product mail (supabase/functions/_shared/product-mail.ts) keeps
 * its own: it runs under Deno too and imports nothing (ADR 0272).
 */
export function escapeHtml(value: unknown): string {
  const buffer: [string] = [''];
  escapeToBuffer(String(value ?? ''), buffer);
  return buffer[0];
}
