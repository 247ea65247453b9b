/**
 * A day as product mail shows it when the deployment sets no MAIL_LOCALE / MAIL_TIME_ZONE (en-GB,
 * UTC): what the SQL's date tokens must come out as (supabase/functions/_shared/product-mail.ts).
 */
export function mailDay(at: string | number | Date): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(at));
}
