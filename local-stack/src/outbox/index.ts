import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/**
 * The local stack sends no real e-mail: confirmation, recovery and e-mail-change messages are
 * written as JSON files here, so developers (and tests) can read the links they carry.
 */
export interface OutboxMail {
  id: string;
  /** The sender as a mail client shows it ("Dossier <no-reply@…>"); product mail only. */
  from?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link in the mail (verify URL), or null. */
  link: string | null;
  /** signup | recovery | magiclink | email_change | invite */
  type: string;
  created_at: string;
}

/** Where auth e-mails land: `<dataDir>/outbox`. The start-up banner prints it. */
export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

// Mails sent within the same millisecond still get distinct, increasing times, so "newest first"
// is a strict order.
let lastSent = 0;

export async function writeMail(dataDir: string, mail: Omit<OutboxMail, 'id' | 'created_at'>): Promise<OutboxMail> {
  const dir = outboxDir(dataDir);
  await mkdir(dir, { recursive: true });
  lastSent = Math.max(Date.now(), lastSent + 1);
  const created = new Date(lastSent);
  const full: OutboxMail = { id: randomUUID(), created_at: created.toISOString(), ...mail };
  // The time prefix keeps a directory listing in sending order; the id keeps names unique.
  const file = `${created.toISOString().replace(/[:.]/g, '-')}-${full.id}.json`;
  await writeFile(path.join(dir, file), JSON.stringify(full, null, 2));
  return full;
}

/** Every mail in the outbox, newest first; `to` filters by recipient (case-insensitive). */
export async function listMail(dataDir: string, to?: string): Promise<OutboxMail[]> {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  const mails: OutboxMail[] = [];
  for (const name of names) {
    try {
      mails.push(JSON.parse(await readFile(path.join(dir, name), 'utf8')) as OutboxMail);
    } catch {
      // A half-written or hand-edited file is not a reason to hide the others.
    }
  }
  const wanted = to?.toLowerCase();
  return mails
    .filter((m) => !wanted || m.to.toLowerCase() === wanted)
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}
