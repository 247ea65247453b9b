import type { SupabaseClient } from '@supabase/supabase-js';
import { strToU8 } from 'fflate';
import type { DocumentRecord } from '../core/document-record';
import { folderNameOrDefault } from '../core/folder-name';
import { buildStoragePath } from '../core/naming';
import { conflictFreeName, downloadFileName } from '../core/naming';
import { ZipWriter } from './zip-writer';
import { ZipReader } from './zip-reader';
import { bulkReport, type BulkOutcome, type BulkReport } from '../core/bulk-report';
import { checkResult, classifyError, readRows } from '../core/errors';
import { documentsBucket, documentsTable } from '../core/documents';
import { validateFile } from '../file-check';
import { DOCUMENT_LIMITS } from '../core/limits';

/**
 * "Export everything" and its re-import (issue 14 §3, ADR 0096): one
 * zip with every live document under `<Portfolio or Category>/<original name>` (SPEC §5 conflict
 * names), `dossier.json` with all metadata, and `documents.csv` for a spreadsheet. Written as a
 * stream (ADR 0161): a document's bytes flow from storage into the zip chunk by chunk, and an import
 * reads the zip entry by entry from the File, so neither side holds the library in memory.
 */

export const ARCHIVE_FORMAT = 'dossier-export';
/** 2 added portfolio details, checklists, share-link view logs and `history`; 1 still imports. */
export const ARCHIVE_VERSION = 2;

export interface ArchivedDocument {
  file: string;
  name: string;
  category: string | null;
  portfolio: string | null;
  tags: string[];
  notes: string | null;
  issued_on: string | null;
  expires_on: string | null;
  created_at: string;
  updated_at: string;
  mime_type: string;
  size: number;
  sha256: string | null;
  source: string;
}

export interface DossierArchive {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  exported_at: string;
  categories: { name: string }[];
  tags: { name: string; color: string }[];
  portfolios: ArchivedPortfolio[];
  documents: ArchivedDocument[];
  /** Share links without their tokens or passwords, each with its view log. */
  share_links: unknown[];
  /** Each document's recorded changes (upload, rename, category, tags, trash, links, transfer), oldest first. */
  history?: { note: string; document_changes: ArchivedDocumentChange[] };
}

export interface ArchivedPortfolio {
  name: string;
  created_at: string;
  description?: string | null;
  color?: string | null;
  icon?: string | null;
  /** Checklist slots in order; `document` is the filled slot's `file` in this zip. */
  checklist?: { label: string; document: string | null }[];
}

export interface ArchivedDocumentChange {
  /** The document's `file` in this zip, or null for a document no longer in the library (e.g. given away). */
  document: string | null;
  at: string;
  kind: string;
  /** Who did it, as they were known then. */
  by: string | null;
  detail: unknown;
}

/** Says what `history.document_changes` holds (issue 13's per-document history, ADR 0102). */
export const HISTORY_NOTE =
  'Every change Dossier recorded for each document — added, renamed, re-filed, tagged, trashed or restored, shared, opened through a link, transferred — oldest first. A change to a document you no longer hold shows document: null.';

export interface ArchiveProgress {
  /** Bytes of document content written so far, and in all. */
  done: number;
  total: number;
  current?: string;
}

/** What the archive reads of each live document (its select below lists the same columns). */
type DocumentRow = Omit<DocumentRecord, 'user_id' | 'extraction_status' | 'deleted_at'>;

/** Reads the whole library's metadata and gives every document its place in the zip. */
export async function describeLibrary(client: SupabaseClient): Promise<{ archive: DossierArchive; paths: Map<string, string> }> {
  const [categories, tags, portfolios, documents, links] = await Promise.all([
    client.from('user_document_categories').select('id,name'),
    client.from('tags').select('id,name,color'),
    client.from('portfolios').select('id,name,created_at,description,color,icon'),
    documentsTable(client)
      .select('id,name,category_id,portfolio_id,storage_path,mime_type,size,sha256,notes,issued_on,expires_on,created_at,updated_at,source')
      .is('deleted_at', null)
      .order('created_at'),
    client.from('document_tags').select('document_id,tag_id'),
  ]);
  const cats = readRows<{ id: string; name: string }>(categories, 'reading categories');
  const tagRows = readRows<{ id: string; name: string; color: string }>(tags, 'reading tags');
  const ports = readRows<{ id: string; name: string; created_at: string; description: string | null; color: string | null; icon: string | null }>(portfolios, 'reading portfolios');
  const docs = readRows<DocumentRow>(documents, 'reading documents');
  const docTags = readRows<{ document_id: string; tag_id: string }>(links, 'reading document tags');
  const catName = new Map(cats.map((c) => [c.id, c.name]));
  const portName = new Map(ports.map((p) => [p.id, p.name]));
  const tagName = new Map(tagRows.map((t) => [t.id, t.name]));
  const tagsOf = new Map<string, string[]>();
  for (const l of docTags) tagsOf.set(l.document_id, [...(tagsOf.get(l.document_id) ?? []), tagName.get(l.tag_id) ?? ''].filter(Boolean).sort());

  const taken = new Set<string>();
  const paths = new Map<string, string>();
  const archived = docs.map((d): ArchivedDocument => {
    const portfolio = d.portfolio_id ? (portName.get(d.portfolio_id) ?? null) : null;
    const category = d.category_id ? (catName.get(d.category_id) ?? null) : null;
    const folder = portfolio ? `Portfolios/${folderNameOrDefault(portfolio)}` : category ? `Categories/${folderNameOrDefault(category)}` : 'Uncategorized';
    const file = `${folder}/${conflictFreeName(downloadFileName({ name: d.name, storagePath: d.storage_path, mimeType: d.mime_type }), (c) => taken.has(`${folder}/${c}`.toLowerCase()))}`;
    taken.add(file.toLowerCase());
    paths.set(file, d.storage_path);
    return {
      file,
      name: d.name,
      category,
      portfolio,
      tags: tagsOf.get(d.id) ?? [],
      notes: d.notes,
      issued_on: d.issued_on,
      expires_on: d.expires_on,
      created_at: d.created_at,
      updated_at: d.updated_at,
      mime_type: d.mime_type,
      size: Number(d.size),
      sha256: d.sha256,
      source: d.source,
    };
  });
  // Share links (when the sharing area's table exists): what was shared, how and until when; the
  // link's token and password live in another table and are never exported. Not re-imported: a
  // link is a secret of its own and is made again.
  const fileOf = new Map(docs.map((d, i) => [d.id, archived[i].file]));
  const [shared, views, checklist, changes] = await Promise.all([
    client.from('share_links').select('id,document_id,portfolio_id,label,expires_at,max_views,view_count,allow_download,revoked_at,created_at'),
    client.from('share_views').select('link_id,document_id,kind,client,viewed_at').order('viewed_at'),
    client.from('portfolio_checklist_items').select('portfolio_id,label,position,document_id').order('position'),
    client.from('document_events').select('document_id,at,kind,actor_email,detail').order('at').order('id'),
  ]);
  const documentChanges: ArchivedDocumentChange[] = (changes.error ? [] : ((changes.data ?? []) as { document_id: string; at: string; kind: string; actor_email: string | null; detail: unknown }[])).map((e) => ({
    document: fileOf.get(e.document_id) ?? null,
    at: e.at,
    kind: e.kind,
    by: e.actor_email,
    detail: e.detail,
  }));
  const viewsOf = new Map<string, unknown[]>();
  for (const v of (views.error ? [] : (views.data ?? [])) as { link_id: string; document_id: string | null; kind: string; client: string; viewed_at: string }[]) {
    viewsOf.set(v.link_id, [...(viewsOf.get(v.link_id) ?? []), { at: v.viewed_at, kind: v.kind, client: v.client, document: v.document_id ? (fileOf.get(v.document_id) ?? null) : null }]);
  }
  const shareLinks = shared.error
    ? []
    : ((shared.data ?? []) as { id: string; document_id: string | null; portfolio_id: string | null }[]).map(({ id, document_id, portfolio_id, ...rest }) => ({
        document: document_id ? (fileOf.get(document_id) ?? null) : null,
        portfolio: portfolio_id ? (portName.get(portfolio_id) ?? null) : null,
        ...rest,
        views: viewsOf.get(id) ?? [],
      }));
  const slotsOf = new Map<string, { label: string; document: string | null }[]>();
  for (const c of (checklist.error ? [] : (checklist.data ?? [])) as { portfolio_id: string; label: string; document_id: string | null }[]) {
    slotsOf.set(c.portfolio_id, [...(slotsOf.get(c.portfolio_id) ?? []), { label: c.label, document: c.document_id ? (fileOf.get(c.document_id) ?? null) : null }]);
  }
  return {
    archive: {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      exported_at: new Date().toISOString(),
      categories: cats.map((c) => ({ name: c.name })),
      tags: tagRows.map((t) => ({ name: t.name, color: t.color })),
      portfolios: ports.map((p) => ({
        name: p.name,
        created_at: p.created_at,
        description: p.description,
        color: p.color,
        icon: p.icon,
        checklist: slotsOf.get(p.id) ?? [],
      })),
      documents: archived,
      share_links: shareLinks,
      history: { note: HISTORY_NOTE, document_changes: documentChanges },
    },
    paths,
  };
}

const CSV_COLUMNS = ['file', 'name', 'category', 'portfolio', 'tags', 'issued_on', 'expires_on', 'created_at', 'size', 'mime_type', 'notes'] as const;

/** RFC 4180 CSV with a BOM (spreadsheets then read UTF-8); cells that a spreadsheet would run as a formula are quoted with a leading '. */
export function documentsCsv(documents: ArchivedDocument[]): string {
  const cell = (v: unknown) => {
    let s = Array.isArray(v) ? v.join('; ') : v === null || v === undefined ? '' : String(v);
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = [CSV_COLUMNS.join(','), ...documents.map((d) => CSV_COLUMNS.map((c) => cell(d[c])).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A document an export or import could not carry, and why, in the person's words. */
export interface ArchiveFailure {
  /** Its `file` in the zip: what a retry asks for again. */
  file: string;
  name: string;
  reason: string;
}

/** What one export or import did, document by document (issue 21 §4: the count is what happened). */
export interface ArchiveRun {
  /** The summary line of shared/src/core/bulk-report: "Exported 48 · Failed 2 — …". */
  report: BulkReport;
  failed: ArchiveFailure[];
}

export interface ArchiveOptions {
  /** Only these documents (their `file` in the archive): the retry of the ones that failed. */
  only?: ReadonlySet<string>;
  /** The largest file an import adds: the deployment's upload limit (default the product's). */
  maxBytes?: number;
}

/** A document's own failure, said for the person; the cause stays attached for the error log. */
function failureReason(error: unknown, what: 'download' | 'upload' | 'add' | 'missing'): string {
  if (what === 'missing') return 'The zip has no file for it.';
  const status = Number((error as { status?: unknown; statusCode?: unknown } | null)?.statusCode ?? (error as { status?: unknown } | null)?.status);
  if (what === 'download' && (status === 404 || status === 400)) return 'Its file is missing from storage.';
  const limit = classifyError(error);
  if (limit.type === 'validation') return limit.userMessage;
  const verb = what === 'download' ? 'downloaded' : what === 'upload' ? 'uploaded' : 'added';
  return `It could not be ${verb}: ${limit.userMessage}`;
}

/** One try and one retry: a storage hiccup on one file must not cost the person the whole zip. */
async function downloadWithRetry(client: SupabaseClient, path: string): Promise<{ data: Blob | null; error: unknown }> {
  const first = await documentsBucket(client).download(path);
  if (!first.error && first.data) return first;
  return documentsBucket(client).download(path);
}

/**
 * Writes the zip to `write` chunk by chunk (awaited: a slow disk slows the export instead of
 * filling memory). Files are stored, not recompressed (documents are mostly PDFs and photos).
 * A document whose file cannot be read is left out, named in `failed` with its reason, and left
 * out of dossier.json and documents.csv too: the zip lists exactly what it holds.
 */
export async function exportLibrary(
  client: SupabaseClient,
  write: (chunk: Uint8Array) => Promise<void> | void,
  onProgress?: (p: ArchiveProgress) => void,
  options: ArchiveOptions = {},
): Promise<ArchiveRun & { archive: DossierArchive }> {
  const described = await describeLibrary(client);
  const { paths } = described;
  const wanted = described.archive.documents.filter((d) => !options.only || options.only.has(d.file));
  const total = wanted.reduce((n, d) => n + d.size, 0);
  let done = 0;
  const zip = new ZipWriter({ write });
  const written: ArchivedDocument[] = [];
  const failed: ArchiveFailure[] = [];
  onProgress?.({ done, total });
  for (const doc of wanted) {
    onProgress?.({ done, total, current: doc.name });
    const file = await downloadWithRetry(client, paths.get(doc.file)!);
    if (file.error || !file.data) {
      failed.push({ file: doc.file, name: doc.name, reason: failureReason(file.error, 'download') });
    } else {
      await zip.add(doc.file, file.data, { mtime: doc.created_at, onBytes: (n) => onProgress?.({ done: done + Math.min(n, doc.size), total, current: doc.name }) });
      written.push(doc);
    }
    done += doc.size;
    onProgress?.({ done, total, current: doc.name });
  }
  const archive = { ...described.archive, documents: written };
  await zip.add('dossier.json', strToU8(JSON.stringify(archive, null, 2)));
  await zip.add('documents.csv', strToU8(documentsCsv(archive.documents)));
  await zip.end();
  return { archive, failed, report: archiveReport(written.length, failed, 'Exported') };
}

function archiveReport(done: number, failed: readonly ArchiveFailure[], verb: string, alsoDone: BulkOutcome[] = []): BulkReport {
  const outcomes: BulkOutcome[] = [
    ...Array.from({ length: done }, (): BulkOutcome => ({ state: 'done' })),
    ...alsoDone,
    ...failed.map((f): BulkOutcome => ({ state: 'failed', reason: f.reason })),
  ];
  return bulkReport(outcomes, { done: verb, unit: 'document' });
}

/** Reads a Dossier export back into the signed-in account: same names, folders, tags, dates and bytes. */
export async function importLibrary(
  client: SupabaseClient,
  zipFile: Blob | Uint8Array,
  onProgress?: (p: ArchiveProgress) => void,
  options: ArchiveOptions = {},
): Promise<ArchiveRun & { documents: number }> {
  let zip: ZipReader;
  try {
    zip = await ZipReader.open(zipFile instanceof Uint8Array ? new Blob([zipFile as BlobPart]) : zipFile);
  } catch {
    throw new Error('This file is not a Dossier export: it is not a zip archive.');
  }
  if (!zip.has('dossier.json')) throw new Error('This zip is not a Dossier export: dossier.json is missing.');
  const archive = JSON.parse(new TextDecoder().decode(await zip.read('dossier.json'))) as DossierArchive;
  if (archive.format !== ARCHIVE_FORMAT || archive.version > ARCHIVE_VERSION) throw new Error('This zip is not a Dossier export this version can read.');
  const { data: who, error: whoError } = await client.auth.getUser();
  if (whoError || !who.user) throw Object.assign(new Error('not signed in'), { cause: whoError });
  const userId = who.user.id;

  const existingCats = readRows<{ id: string; name: string }>(await client.from('user_document_categories').select('id,name'), 'reading categories');
  const catId = new Map(existingCats.map((c) => [c.name, c.id]));
  const newCats = archive.categories.filter((c) => !catId.has(c.name));
  if (newCats.length) {
    const made = readRows<{ id: string; name: string }>(await client.from('user_document_categories').insert(newCats.map((c) => ({ name: c.name, user_id: userId }))).select('id,name'), 'adding categories');
    for (const c of made) catId.set(c.name, c.id);
  }
  const existingTags = readRows<{ id: string; name: string }>(await client.from('tags').select('id,name'), 'reading tags');
  const tagId = new Map(existingTags.map((t) => [t.name.toLowerCase(), t.id]));
  const newTags = archive.tags.filter((t) => !tagId.has(t.name.toLowerCase()));
  if (newTags.length) {
    const made = readRows<{ id: string; name: string }>(await client.from('tags').insert(newTags).select('id,name'), 'adding tags');
    for (const t of made) tagId.set(t.name.toLowerCase(), t.id);
  }
  const existingPorts = readRows<{ id: string; name: string }>(await client.from('portfolios').select('id,name'), 'reading portfolios');
  const portId = new Map(existingPorts.map((p) => [p.name, p.id]));
  const newPorts = archive.portfolios.filter((p) => !portId.has(p.name));
  if (newPorts.length) {
    const rows = newPorts.map((p) => ({
      name: p.name,
      created_at: p.created_at,
      ...(p.description ? { description: p.description } : {}),
      ...(p.color ? { color: p.color } : {}),
      ...(p.icon ? { icon: p.icon } : {}),
    }));
    const made = readRows<{ id: string; name: string }>(await client.from('portfolios').insert(rows).select('id,name'), 'adding portfolios');
    for (const p of made) portId.set(p.name, p.id);
  }

  const wanted = archive.documents.filter((d) => !options.only || options.only.has(d.file));
  const total = wanted.reduce((n, d) => n + d.size, 0);
  let done = 0;
  const idOfFile = new Map<string, string>();
  const failed: ArchiveFailure[] = [];
  const untagged: BulkOutcome[] = [];
  // One document that cannot be added does not stop the others: each is counted, and the failed
  // ones can be imported again on their own (options.only) without doubling the rest.
  for (const doc of wanted) {
    onProgress?.({ done, total, current: doc.name });
    const fail = (error: unknown, what: Parameters<typeof failureReason>[1]) => failed.push({ file: doc.file, name: doc.name, reason: failureReason(error, what) });
    done += doc.size;
    if (!zip.has(doc.file)) {
      fail(null, 'missing');
      continue;
    }
    const bytes = await zip.read(doc.file);
    // The checks an upload makes (size, content sniffing, a name that matches the content): a zip
    // is a second way in and must not let in what the upload dialog refuses. The type stored is
    // the one the content shows, not the one dossier.json claims.
    const verdict = await validateFile(Object.assign(new Blob([bytes as BlobPart]), { name: doc.name }), options.maxBytes ?? DOCUMENT_LIMITS.uploadMaxBytes);
    if (!verdict.ok) {
      failed.push({ file: doc.file, name: doc.name, reason: verdict.message });
      continue;
    }
    const id = crypto.randomUUID();
    // The upload's own key rule: hosted Storage refuses non-ASCII keys, so 'Résumé.pdf' → 'Resume.pdf'.
    const path = buildStoragePath(userId, id, doc.name);
    const up = await documentsBucket(client).upload(path, new Blob([bytes as BlobPart], { type: verdict.mimeType }), { contentType: verdict.mimeType });
    if (up.error) {
      fail(up.error, 'upload');
      continue;
    }
    const row = await documentsTable(client).insert({
      id,
      name: doc.name,
      storage_path: path,
      mime_type: verdict.mimeType,
      size: bytes.length,
      sha256: doc.sha256,
      notes: doc.notes,
      issued_on: doc.issued_on,
      expires_on: doc.expires_on,
      created_at: doc.created_at,
      source: doc.source,
      category_id: doc.category ? (catId.get(doc.category) ?? null) : null,
      portfolio_id: doc.portfolio ? (portId.get(doc.portfolio) ?? null) : null,
    });
    if (row.error) {
      await documentsBucket(client).remove([path]);
      fail(row.error, 'add');
      continue;
    }
    idOfFile.set(doc.file, id);
    const links = doc.tags.map((t) => tagId.get(t.toLowerCase())).filter((t): t is string => Boolean(t));
    // The document is in: tags that could not be set do not make it a failure to retry (a retry
    // would add it twice), they are counted on their own.
    if (links.length && (await client.from('document_tags').insert(links.map((tag_id) => ({ document_id: id, tag_id })))).error) untagged.push({ state: 'done', as: 'Added without its tags' });
    onProgress?.({ done, total, current: doc.name });
  }
  // Checklists of the portfolios this import created (an existing portfolio keeps its own).
  const slots = newPorts.flatMap((p) =>
    (p.checklist ?? []).map((c, position) => ({
      portfolio_id: portId.get(p.name),
      label: c.label,
      position,
      document_id: c.document ? (idOfFile.get(c.document) ?? null) : null,
    })),
  );
  if (slots.length) checkResult(await client.from('portfolio_checklist_items').insert(slots), 'adding checklists');
  return { documents: idOfFile.size, failed, report: archiveReport(idOfFile.size - untagged.length, failed, 'Added', untagged) };
}
