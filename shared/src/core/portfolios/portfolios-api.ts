import type { SupabaseClient } from '@supabase/supabase-js';
import { readResult } from '../errors';
import { portfolioName } from '../folder-name';
import { listDocumentNames } from '../documents';

/**
 * The portfolios table and its checklist: the one data layer both the portfolios area and the
 * documents area (filter, panel picker, bulk move) read, with one query-key root.
 */

export const PORTFOLIO_COLORS = ['#2563eb', '#16a34a', '#dc2626', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#475569'] as const;
export const PORTFOLIO_ICONS = ['folder', 'briefcase', 'home', 'plane', 'heart', 'car', 'receipt', 'shield', 'star', 'graduation'] as const;
export type PortfolioIcon = (typeof PORTFOLIO_ICONS)[number];

export interface PortfolioOption {
  id: string;
  name: string;
}

export interface Portfolio extends PortfolioOption {
  description: string;
  color: string;
  icon: PortfolioIcon;
  created_at: string;
  updated_at: string;
}

export interface PortfolioOverview extends Portfolio {
  document_count: number;
  total_size: number;
  nearest_expiry: string | null;
  last_changed: string;
}

export interface ChecklistItem {
  id: string;
  portfolio_id: string;
  label: string;
  position: number;
  document_id: string | null;
}

export interface PortfolioInput {
  name: string;
  description?: string;
  color?: string;
  icon?: PortfolioIcon;
}

export const portfolioKeys = {
  all: ['portfolios'] as const,
  options: () => [...portfolioKeys.all, 'options'] as const,
  overview: () => [...portfolioKeys.all, 'overview'] as const,
  detail: (id: string) => [...portfolioKeys.all, 'detail', id] as const,
  checklist: (id: string) => [...portfolioKeys.all, 'checklist', id] as const,
  documents: (id: string) => [...portfolioKeys.all, 'documents', id] as const,
};

/** True when the database refused a name because the person already has one like it. */
export function isDuplicateName(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

const COLUMNS = 'id,name,description,color,icon,created_at,updated_at';

const num = (v: unknown) => Number(v ?? 0);

export async function listPortfolioOptions(client: SupabaseClient): Promise<PortfolioOption[]> {
  return readResult(await client.from('portfolios').select('id,name').order('name'), 'list portfolios') ?? [];
}

export async function portfolioOverview(client: SupabaseClient): Promise<PortfolioOverview[]> {
  const rows = readResult(await client.rpc('portfolio_overview'), 'portfolio overview') as PortfolioOverview[] | null;
  return (rows ?? []).map((r) => ({ ...r, document_count: num(r.document_count), total_size: num(r.total_size) }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One portfolio, or null when there is none by that id for this person: a foreign id (RLS hides
 * it) and an id that is no id at all (a mistyped address) are both "not found" — an answer, not an
 * error to retry (issue 22).
 */
export async function getPortfolio(client: SupabaseClient, id: string): Promise<Portfolio | null> {
  if (!UUID.test(id)) return null;
  return readResult(await client.from('portfolios').select(COLUMNS).eq('id', id).maybeSingle(), 'get portfolio') as Portfolio | null;
}

/** Creates a portfolio; the name is sanitised first (SPEC §5) and refused when nothing is left. */
export async function createPortfolio(client: SupabaseClient, input: PortfolioInput): Promise<Portfolio> {
  const row = { ...input, name: portfolioName(input.name) };
  return readResult(await client.from('portfolios').insert(row).select(COLUMNS).single(), 'create portfolio') as Portfolio;
}

export async function updatePortfolio(client: SupabaseClient, id: string, input: Partial<PortfolioInput>): Promise<Portfolio> {
  const row = input.name === undefined ? input : { ...input, name: portfolioName(input.name) };
  return readResult(await client.from('portfolios').update(row).eq('id', id).select(COLUMNS).single(), 'update portfolio') as Portfolio;
}

/** Deletes a portfolio; its documents stay, with no portfolio (the foreign key sets null). */
export async function deletePortfolio(client: SupabaseClient, id: string): Promise<void> {
  readResult(await client.from('portfolios').delete().eq('id', id), 'delete portfolio');
}

export async function listChecklist(client: SupabaseClient, portfolioId: string): Promise<ChecklistItem[]> {
  return (
    readResult(
      await client.from('portfolio_checklist_items').select('id,portfolio_id,label,position,document_id').eq('portfolio_id', portfolioId).order('position').order('created_at'),
      'list checklist',
    ) ?? []
  );
}

export async function addChecklistItem(client: SupabaseClient, portfolioId: string, label: string, position: number): Promise<void> {
  readResult(await client.from('portfolio_checklist_items').insert({ portfolio_id: portfolioId, label: label.trim(), position }), 'add checklist item');
}

export async function fillChecklistItem(client: SupabaseClient, id: string, documentId: string | null): Promise<void> {
  readResult(await client.from('portfolio_checklist_items').update({ document_id: documentId }).eq('id', id), 'fill checklist item');
}

export async function removeChecklistItem(client: SupabaseClient, id: string): Promise<void> {
  readResult(await client.from('portfolio_checklist_items').delete().eq('id', id), 'remove checklist item');
}

/** The live documents of a portfolio (names only), for the checklist's slot pickers. */
export async function listPortfolioDocuments(client: SupabaseClient, portfolioId: string): Promise<PortfolioOption[]> {
  return listDocumentNames(client, { portfolioId });
}
