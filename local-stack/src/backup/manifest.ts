/**
 * What a backup archive holds, written last into it (an archive cut short has no manifest and is
 * refused). Counts and checksums let a restore prove it got everything back.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { SequenceEntry, TableEntry } from './database-dump.js';

export const ARCHIVE_FORMAT = 'dossier-backup';
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';

export interface ObjectEntry {
  /** `<bucket>/<object name>/<version>`: where the bytes live in the storage backend. */
  key: string;
  file: string;
  size: number;
  sha256: string;
}

export interface TusEntry {
  version: string;
  info: string;
  bytes: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  /** The Dossier (package.json) version that wrote it. */
  dossierVersion: string;
  /** When the database snapshot was taken: every write acknowledged before it is in the archive. */
  snapshotAt: string;
  finishedAt: string;
  database: 'pglite' | 'postgres';
  /** The migration level: the newest applied migration, and every applied version. */
  migrations: { level: string | null; versions: string[] };
  counts: { tables: Record<string, number>; objects: number; objectBytes: number; objectsMissing: string[]; uploadsInProgress: number };
  tables: TableEntry[];
  sequences: SequenceEntry[];
  objects: ObjectEntry[];
  uploads: TusEntry[];
  /** The installation's keys file (JWT secret, anon and service_role keys), when it has one. */
  keys: { file: string; sha256: string } | null;
  /**
   * The generated session signing keys (`signing-keys.json`), when the instance has them: without
   * them a restored instance would sign with a new key and every session would end. Absent in
   * archives written before round 10.
   */
  signingKeys?: { file: string; sha256: string } | null;
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
