import type { SupabaseClient } from '@supabase/supabase-js';
import type { DocumentOrigin, KnownDuplicate } from '@dossier/shared/contract';
import { DOCUMENT_LIMITS, findByChecksums, sha256Hex } from '@dossier/shared/core';
import { documentNamesLike, findDuplicates } from '../../api/documents';
import { extractText } from './extract-text';
import { FEED_WINDOW, IMPORT_UPLOAD_CONCURRENCY, feedUploads } from './feed-uploads';
import { storeDocument, type DocumentStore } from './store-document';
import { UploadManager, type UploadManagerDeps } from './upload-manager';
import { validateFile } from './validate-file';

/** How the upload's duplicate check is answered: a known answer, or undefined to ask per file. */
export type KnownDuplicates = (sha256: string) => readonly KnownDuplicate[] | undefined;

/**
 * The duplicate answers for the contents an import expects (ADR 0255), from one lookup per hundred
 * checksums. A checksum answers only for itself: a file whose bytes hash otherwise (changed since it
 * was listed, or a Google document exported to PDF) is not known, so the upload asks. A checksum
 * two expected files share is not known either: the first one stored makes the second a
 * duplicate, which only a check at upload time sees.
 */
export function knownDuplicatesOf(expected: readonly string[], matches: ReadonlyArray<KnownDuplicate & { sha256: string }>): KnownDuplicates {
  const chosen = new Map<string, number>();
  for (const sha of expected) chosen.set(sha, (chosen.get(sha) ?? 0) + 1);
  const known = new Map<string, KnownDuplicate[]>();
  for (const [sha, count] of chosen) if (count === 1) known.set(sha, []);
  for (const { sha256, ...match } of matches) known.get(sha256)?.push(match);
  // As the upload's own check: at most five, enough to name them.
  return (sha256) => known.get(sha256)?.slice(0, 5);
}

/** What an import knows of its files before their bytes arrive. */
export interface ImportFeed {
  /** Contents (SHA-256) the files are expected to have: their duplicates are looked up at once. */
  expectedChecksums?: readonly string[];
  /** Where a file came from (a Drive file), written with its row; null when recorded otherwise. */
  origin?: (file: File) => DocumentOrigin | null;
}

/**
 * The import's side of the upload: the duplicate answers for its expected contents (looked up once,
 * through the documents door; should the lookup fail, each file is checked as it is uploaded) and
 * each file's origin. Its `deps` go into the upload manager; `ready` resolves once the answers are in.
 */
export function importIntake(lookUp: (sha256s: readonly string[]) => Promise<Array<KnownDuplicate & { sha256: string }>>, feed: () => ImportFeed) {
  let known: KnownDuplicates = () => undefined;
  let asked: { checksums: readonly string[] | undefined; answer: Promise<void> } | null = null;
  return {
    /** The lookup, once per list of checksums (a React effect may ask twice). */
    ready(): Promise<void> {
      const checksums = feed().expectedChecksums;
      if (asked && asked.checksums === checksums) return asked.answer;
      known = () => undefined;
      const answer = checksums?.length
        ? lookUp(checksums).then(
            (matches) => void (known = knownDuplicatesOf(checksums, matches)),
            () => undefined,
          )
        : Promise.resolve();
      asked = { checksums, answer };
      return answer;
    },
    deps: {
      knownDuplicates: (sha256: string) => known(sha256),
      driveOrigin: (file: File) => feed().origin?.(file) ?? null,
    } satisfies Pick<UploadManagerDeps, 'knownDuplicates' | 'driveOrigin'>,
  };
}
export type ImportIntake = ReturnType<typeof importIntake>;

/**
 * The documents area's import pipeline (issue 23 §1): once the duplicate answers are in, files are
 * pulled from `files` as the upload has room (content check, duplicate check where the answers do
 * not tell, resumable upload, row with its origin; ADR 0235). The Drive import's upload widget and
 * `bench/drive.ts` both run it. Resolves 'done' when the files have ended.
 */
export async function importFiles(
  manager: Pick<UploadManager, 'add' | 'whenBelow'>,
  intake: ImportIntake,
  files: AsyncIterator<File>,
  options: { signal?: AbortSignal; onAdded?: (file: File) => void } = {},
): Promise<'done' | 'stopped'> {
  await intake.ready();
  if (options.signal?.aborted) return 'stopped';
  return feedUploads(manager, files, { window: FEED_WINDOW, ...options });
}

/** Resolves once every file the manager was given has ended (stored, refused, failed, skipped, cancelled, queued). */
export function whenSettled(manager: Pick<UploadManager, 'getSnapshot' | 'subscribe'>): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (manager.getSnapshot().active) return false;
      stop();
      resolve();
      return true;
    };
    const stop = manager.subscribe(check);
    check();
  });
}

/**
 * An upload manager for an import away from the page (the bench; a script): the documents area's
 * own checks and store, online only. `overrides` replace single services (a bench times them).
 */
export function importUploadManager(
  services: { userId: string; client: SupabaseClient; store: DocumentStore; intake: ImportIntake; maxBytes?: number },
  overrides: Partial<UploadManagerDeps> = {},
): UploadManager {
  const { client, intake } = services;
  return new UploadManager({
    userId: services.userId,
    validate: (file) => validateFile(file, services.maxBytes ?? DOCUMENT_LIMITS.uploadMaxBytes),
    hash: sha256Hex,
    findDuplicates: (sha) => findDuplicates(client, sha),
    takenNames: (name) => documentNamesLike(client, name),
    extract: extractText,
    store: (file, doc, options) => storeDocument(services.store, file, doc, options),
    queueOffline: async () => {
      throw new Error('Offline: this import needs a connection.');
    },
    isOnline: () => true,
    describeError: (error) => String((error as Error)?.message ?? error),
    newId: () => crypto.randomUUID(),
    source: 'drive',
    concurrency: IMPORT_UPLOAD_CONCURRENCY,
    ...intake.deps,
    ...overrides,
  });
}

/** The lookup the intake asks, through the documents door. */
export const lookUpChecksums = (client: SupabaseClient) => (sha256s: readonly string[]) => findByChecksums(client, sha256s);
