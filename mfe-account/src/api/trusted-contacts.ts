import type { SupabaseClient } from '@supabase/supabase-js';
import { readResult } from '@dossier/shared/core';

export type TrustedStatus = 'named' | 'waiting' | 'granted';

export interface TrustedEvent {
  kind: 'named' | 'changed' | 'requested' | 'denied' | 'granted' | 'revoked' | 'removed' | 'opened';
  at: string;
  by: 'owner' | 'contact' | 'system';
  detail: Record<string, unknown>;
}

/** One row of public.my_trusted_contacts() (ADR 0101): as the owner, or as the contact. */
export interface TrustedContact {
  id: string;
  role: 'owner' | 'contact';
  owner_email: string;
  contact_email: string;
  wait_days: number;
  status: TrustedStatus;
  requested_at: string | null;
  access_from: string | null;
  portfolios: Array<{ id: string; name: string }>;
  events: TrustedEvent[];
}

export interface TrustedPortfolio {
  id: string;
  name: string;
  description: string;
  documents: Array<{ id: string; name: string; mime_type: string; size: number; expires_on: string | null }>;
}

export const trustedKeys = {
  all: ['trusted-contacts'] as const,
  list: ['trusted-contacts', 'list'] as const,
  portfolios: (id: string) => ['trusted-contacts', 'portfolios', id] as const,
};

export async function listTrustedContacts(client: SupabaseClient): Promise<TrustedContact[]> {
  return readResult(await client.rpc('my_trusted_contacts')) ?? [];
}

export async function nameTrustedContact(client: SupabaseClient, input: { email: string; portfolioIds: string[]; waitDays: number }): Promise<string> {
  return readResult(await client.rpc('name_trusted_contact', { contact_email: input.email, portfolio_ids: input.portfolioIds, wait_days: input.waitDays }));
}

/** Denies a waiting request or revokes open access; answers which of the two it was. */
export async function endEmergencyAccess(client: SupabaseClient, id: string): Promise<'denied' | 'revoked'> {
  return readResult(await client.rpc('end_emergency_access', { trusted_contact_id: id }));
}

export async function removeTrustedContact(client: SupabaseClient, id: string): Promise<void> {
  readResult(await client.rpc('remove_trusted_contact', { trusted_contact_id: id }));
}

export async function requestEmergencyAccess(client: SupabaseClient, id: string): Promise<string> {
  return readResult(await client.rpc('request_emergency_access', { trusted_contact_id: id }));
}

export async function readTrustedPortfolios(client: SupabaseClient, id: string): Promise<TrustedPortfolio[]> {
  return readResult(await client.rpc('trusted_portfolios', { trusted_contact_id: id })) ?? [];
}

/** A short-lived signed URL for one of the owner's files (the trusted-file Edge Function). */
export async function trustedFileUrl(client: SupabaseClient, id: string, documentId: string, purpose: 'preview' | 'download'): Promise<string> {
  const { data, error } = await client.functions.invoke<{ url: string }>('trusted-file', { body: { trusted_contact_id: id, document_id: documentId, purpose } });
  if (error || !data?.url) throw error ?? new Error('no url');
  return data.url;
}
