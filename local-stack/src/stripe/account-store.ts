import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { StripeEvent, StripeObject } from './billing.js';

/** What the emulator's account keeps across a restart. */
export interface AccountSnapshot {
  offsetSeconds: number;
  objects: StripeObject[];
  lineItems: Record<string, StripeObject[]>;
  events: StripeEvent[];
  invoiceCounter: number;
}

/** Where BillingState keeps its account: it reads once at start and writes after every change. */
export interface AccountStore {
  load(): Partial<AccountSnapshot> | null;
  save(snapshot: AccountSnapshot): void;
}

/** The account as one JSON file, replaced atomically (write then rename) so a crash never leaves half a file. */
export class JsonFileAccountStore implements AccountStore {
  constructor(private readonly file: string) {}

  load(): Partial<AccountSnapshot> | null {
    if (!existsSync(this.file)) return null;
    try {
      return JSON.parse(readFileSync(this.file, 'utf8')) as Partial<AccountSnapshot>;
    } catch {
      // An unreadable file starts an empty account (the file is replaced on the next change).
      return null;
    }
  }

  save(snapshot: AccountSnapshot): void {
    mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(snapshot));
    renameSync(tmp, this.file);
  }
}
