import type { SupabaseClient } from '@supabase/supabase-js';
import { classifyError, listDocumentNames, readResult } from '@dossier/shared/core';

export type TransferState = 'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired';

/** One row of public.my_transfers(): an offer the caller sent or received (ADR 0100). */
export interface Transfer {
  id: string;
  direction: 'incoming' | 'outgoing';
  sender_email: string;
  recipient_email: string;
  portfolio_name: string | null;
  message: string;
  keep_copy: boolean;
  state: TransferState;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
  items: Array<{ name: string; mime_type: string; size: number; document_id: string | null }>;
}

export interface OfferInput {
  recipientEmail: string;
  documentIds?: string[];
  portfolioId?: string;
  message: string;
  keepCopy: boolean;
}

/** The same key the shell's navigation badge reads, so an answer updates the badge at once. */
export const transferKeys = {
  all: ['transfers'] as const,
  list: ['transfers', 'list'] as const,
  incomingCount: ['transfers', 'incoming-count'] as const,
  offerable: ['transfers', 'offerable'] as const,
};

/** The address shape the transfer functions accept (checked again in SQL): a quick answer in the form. */
export function looksLikeEmail(address: string): boolean {
  return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address.trim());
}

/**
 * The transfer functions write their refusals for people (hint 'transfer', or a plan limit):
 * those are shown as they are; anything else goes through the classifier.
 */
export function transferErrorText(error: unknown): string {
  const e = error as { message?: unknown; hint?: unknown; code?: unknown } | null;
  if (e && typeof e.message === 'string' && (e.hint === 'transfer' || e.code === 'P0001')) return e.message;
  return classifyError(error).userMessage;
}

class TransferRefusal extends Error {
  readonly hint = 'transfer';
}

export async function listTransfers(client: SupabaseClient): Promise<Transfer[]> {
  return readResult(await client.rpc('my_transfers')) ?? [];
}

export async function offerTransfer(client: SupabaseClient, input: OfferInput): Promise<string> {
  return readResult(
    await client.rpc('offer_transfer', {
      recipient_email: input.recipientEmail,
      document_ids: input.documentIds?.length ? input.documentIds : null,
      portfolio_id: input.portfolioId ?? null,
      message: input.message,
      keep_copy: input.keepCopy,
    }),
  );
}

export async function cancelTransfer(client: SupabaseClient, transferId: string): Promise<void> {
  readResult(await client.rpc('cancel_transfer', { transfer_id: transferId }));
}

export async function declineTransfer(client: SupabaseClient, transferId: string): Promise<void> {
  readResult(await client.rpc('decline_transfer', { transfer_id: transferId }));
}

/** Accepting copies files, so it runs in the transfer-accept Edge Function (ADR 0100). */
export async function acceptTransfer(client: SupabaseClient, transferId: string): Promise<number> {
  const { data, error } = await client.functions.invoke<{ moved: number }>('transfer-accept', { body: { transfer_id: transferId } });
  if (error) {
    const context = (error as { context?: unknown }).context;
    if (context instanceof Response) {
      const body = (await context.json().catch(() => null)) as { error?: string; message?: string } | null;
      if (body?.error === 'refused' && body.message) throw new TransferRefusal(body.message);
    }
    throw error;
  }
  return data?.moved ?? 0;
}

export interface OfferableDocument {
  id: string;
  name: string;
  size: number;
}

export interface OfferablePortfolio {
  id: string;
  name: string;
}

/** What the caller may offer: live documents and portfolios (RLS keeps it to their own). */
export async function listOfferable(client: SupabaseClient): Promise<{ documents: OfferableDocument[]; portfolios: OfferablePortfolio[] }> {
  const [documents, portfolios] = await Promise.all([
    listDocumentNames(client, { extraColumns: ['size'], limit: 1000 }),
    client.from('portfolios').select('id,name').order('name'),
  ]);
  return { documents: documents as OfferableDocument[], portfolios: readResult(portfolios) ?? [] };
}
