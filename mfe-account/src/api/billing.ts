import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * The account area's billing data: plans, the person's plan usage, subscription and invoices
 * (readable through RLS), and the payment functions (which hold the Stripe secrets). Nothing here
 * writes a plan: only the stripe-webhook function does.
 */

export interface Plan {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  currency: string;
  billing_interval: 'month' | 'year';
  max_documents: number;
  max_storage_bytes: number;
  max_members: number;
  purchasable: boolean;
}

export interface PlanUsage {
  plan_id: string;
  plan_name: string;
  documents_used: number;
  documents_limit: number;
  storage_used_bytes: number;
  storage_limit_bytes: number;
  subscription_status: string | null;
  cancel_at_period_end: boolean;
  current_period_end: string | null;
}

export interface Invoice {
  stripe_invoice_id: string;
  number: string | null;
  status: string;
  amount_paid: number;
  amount_due: number;
  currency: string;
  hosted_invoice_url: string | null;
  invoice_pdf: string | null;
  created_at: string;
}

export interface CheckoutSessionState {
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  plan: { id: string; name: string } | null;
  plan_active: boolean;
}

/** A refusal from a payment function: `code` is its `error` field (not_found, already_subscribed, …). */
export class BillingApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'BillingApiError';
  }
}

function fail(what: string, error: { message: string; code?: string }, status?: number): never {
  throw new BillingApiError(`${what}: ${error.message}`, status, error.code);
}

export const billingKeys = {
  usage: ['billing', 'usage'] as const,
  plans: ['billing', 'plans'] as const,
  invoices: ['billing', 'invoices'] as const,
};

export async function fetchPlans(client: SupabaseClient): Promise<Plan[]> {
  const r = await client.from('plans').select('id,name,description,price_cents,currency,billing_interval,max_documents,max_storage_bytes,max_members,purchasable').order('sort_order');
  if (r.error) fail('load plans', r.error, r.status);
  return (r.data ?? []) as Plan[];
}

export async function fetchPlanUsage(client: SupabaseClient): Promise<PlanUsage> {
  const r = await client.rpc('my_plan_usage');
  if (r.error) fail('load plan usage', r.error, r.status);
  const u = r.data as PlanUsage;
  return { ...u, documents_used: Number(u.documents_used), storage_used_bytes: Number(u.storage_used_bytes), storage_limit_bytes: Number(u.storage_limit_bytes) };
}

export async function fetchInvoices(client: SupabaseClient): Promise<Invoice[]> {
  const r = await client
    .from('invoices')
    .select('stripe_invoice_id,number,status,amount_paid,amount_due,currency,hosted_invoice_url,invoice_pdf,created_at')
    .order('created_at', { ascending: false })
    .limit(50);
  if (r.error) fail('load invoices', r.error, r.status);
  return (r.data ?? []) as Invoice[];
}

/** Calls a payment function; its JSON `{error}` becomes a BillingApiError with the HTTP status. */
async function invoke<T>(client: SupabaseClient, name: string, body: Record<string, unknown>): Promise<T> {
  const { data, error } = await client.functions.invoke(name, { body });
  if (error) {
    const context = (error as { context?: Response }).context;
    let code: string | undefined;
    if (context && typeof context.json === 'function') {
      code = ((await context.json().catch(() => ({}))) as { error?: string }).error;
    }
    throw new BillingApiError(`${name}: ${error.message}`, context?.status, code ?? (error.name === 'FunctionsFetchError' ? 'network' : undefined));
  }
  return data as T;
}

export const startCheckout = (client: SupabaseClient, plan: string) => invoke<{ id: string; url: string }>(client, 'create-checkout-session', { plan });
export const fetchCheckoutSession = (client: SupabaseClient, sessionId: string) => invoke<CheckoutSessionState>(client, 'checkout-session-status', { session_id: sessionId });
export const changeSubscription = (client: SupabaseClient, action: 'cancel' | 'resume') =>
  invoke<{ status: string; cancel_at_period_end: boolean; current_period_end: string | null }>(client, 'manage-subscription', { action });
export const openBillingPortal = (client: SupabaseClient) => invoke<{ url: string }>(client, 'billing-portal', {});
