import type { SupabaseClient } from '@supabase/supabase-js';
import { readResult } from '@dossier/shared/core';

/** A share link as its owner sees it (the token itself is never stored; see ADR 0065). */
export interface ShareLink {
  id: string;
  document_id: string | null;
  portfolio_id: string | null;
  label: string;
  expires_at: string | null;
  max_views: number | null;
  view_count: number;
  allow_download: boolean;
  revoked_at: string | null;
  created_at: string;
  has_password: boolean;
  state: 'active' | 'expired' | 'used_up' | 'revoked';
  last_viewed_at: string | null;
}

export interface ShareView {
  id: number;
  link_id: string;
  document_id: string | null;
  kind: 'open' | 'preview' | 'download';
  client: string;
  viewed_at: string;
}

export type ShareTarget = { documentId: string } | { portfolioId: string };

export interface ShareOptions {
  expiresAt: string | null;
  password: string;
  maxViews: number | null;
  allowDownload: boolean;
  label: string;
}

export const shareKeys = {
  all: ['share-links'] as const,
  list: (target: ShareTarget) => [...shareKeys.all, 'list', target] as const,
  views: (linkId: string) => [...shareKeys.all, 'views', linkId] as const,
};

const targetParams = (target: ShareTarget) =>
  'documentId' in target ? { document_id: target.documentId, portfolio_id: null } : { document_id: null, portfolio_id: target.portfolioId };

export async function listShareLinks(client: SupabaseClient, target: ShareTarget): Promise<ShareLink[]> {
  return (readResult(await client.rpc('list_share_links', targetParams(target)), 'list share links') ?? []) as ShareLink[];
}

/** Creates a link; answers its id and the token, which can never be read again. */
export async function createShareLink(client: SupabaseClient, target: ShareTarget, options: ShareOptions): Promise<{ id: string; token: string }> {
  const rows = readResult(
    await client.rpc('create_share_link', {
      ...targetParams(target),
      expires_at: options.expiresAt,
      password: options.password || null,
      max_views: options.maxViews,
      allow_download: options.allowDownload,
      label: options.label,
    }),
    'create share link',
  ) as Array<{ id: string; token: string }>;
  return rows[0];
}

export async function updateShareLink(
  client: SupabaseClient,
  id: string,
  changes: Partial<Pick<ShareLink, 'label' | 'expires_at' | 'max_views' | 'allow_download' | 'revoked_at'>>,
): Promise<void> {
  readResult(await client.from('share_links').update(changes).eq('id', id), 'update share link');
}

/** Sets a new password, or with '' removes it. Hashed server-side. */
export async function setShareLinkPassword(client: SupabaseClient, id: string, password: string): Promise<void> {
  readResult(await client.rpc('set_share_link_password', { link_id: id, password: password || null }), 'set share link password');
}

/** Revokes every live link of a document or portfolio. */
export async function revokeAllShareLinks(client: SupabaseClient, target: ShareTarget, now = new Date()): Promise<void> {
  const query = client.from('share_links').update({ revoked_at: now.toISOString() }).is('revoked_at', null);
  readResult(await ('documentId' in target ? query.eq('document_id', target.documentId) : query.eq('portfolio_id', target.portfolioId)), 'revoke share links');
}

export async function listShareViews(client: SupabaseClient, linkId: string): Promise<ShareView[]> {
  return (readResult(await client.from('share_views').select('id,link_id,document_id,kind,client,viewed_at').eq('link_id', linkId).order('viewed_at', { ascending: false }).limit(200), 'list share views') ?? []) as ShareView[];
}

// ---- the anonymous visitor (share-resolve Edge Function) ----

export interface SharedDocument {
  id: string;
  name: string;
  mime_type: string;
  size: number;
  /** A signed, resized image of it for a few minutes (images, and PDFs with a stored first page). */
  thumbnail_url?: string;
}

export type OpenResult =
  | {
      status: 'ok';
      visit: string;
      kind: 'document' | 'portfolio';
      title: string;
      /** The name the owner gave the link ('' when none). */
      label?: string;
      description: string;
      allow_download: boolean;
      expires_at: string | null;
      documents: SharedDocument[];
    }
  | { status: 'password_required' | 'password_invalid' | 'expired' | 'unavailable' | 'rate_limited' };

/** `file_name`: the name a download is saved under (downloadFileName), `name` the display name. */
export type FileResult = { status: 'ok'; url: string; name: string; file_name: string; mime_type: string } | { status: 'expired' | 'unavailable' | 'forbidden' };

async function resolve<T>(client: SupabaseClient, body: Record<string, unknown>): Promise<T> {
  const { data, error } = await client.functions.invoke('share-resolve', { body });
  if (error) throw error;
  return data as T;
}

export function openSharedLink(client: SupabaseClient, token: string, password?: string): Promise<OpenResult> {
  return resolve(client, { action: 'open', token, password: password ?? null });
}

export function sharedFile(client: SupabaseClient, visit: string, documentId: string, purpose: 'preview' | 'download'): Promise<FileResult> {
  return resolve(client, { action: 'file', visit, document_id: documentId, purpose });
}
