import { createHash, randomBytes } from 'node:crypto';
import { makeDocx, makePdf, makePng } from './drive-content.js';
import type { SearchableFile } from './drive-query.js';
import type { GoogleAccount } from './state.js';

export const FOLDER_MIME = 'application/vnd.google-apps.folder';
export const NATIVE_MIME = {
  document: 'application/vnd.google-apps.document',
  spreadsheet: 'application/vnd.google-apps.spreadsheet',
  presentation: 'application/vnd.google-apps.presentation',
} as const;
export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** Google refuses exports whose result would exceed 10 MB. */
export const EXPORT_LIMIT_BYTES = 10 * 1024 * 1024;

export const isNative = (mime: string) => mime.startsWith('application/vnd.google-apps.') && mime !== FOLDER_MIME;

/** A file of the emulator's Drive. Binary files hold `content`; native documents hold `text`. */
export interface StoredFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  createdTime: string;
  modifiedTime: string;
  trashed: boolean;
  explicitlyTrashed: boolean;
  starred: boolean;
  description?: string;
  content?: Buffer;
  /** Text of a native document (what export renders), or extracted text for fullText search. */
  text?: string;
  /** Pretend export size, to reach exportSizeLimitExceeded with a small demo file. */
  exportBytes?: number;
  /** Shared with this person by someone else, read-only. */
  sharedBy?: { displayName: string; emailAddress: string };
  /** Created through the API (what drive.file scope may touch). */
  appCreated: boolean;
  version: number;
}

export interface DriveAccount {
  account: GoogleAccount;
  rootId: string;
  files: Map<string, StoredFile>;
  quotaLimit: number;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Drive ids are 33 characters of base64url; derive stable ones for the demo drive. */
export function stableId(seed: string): string {
  const digest = createHash('sha256').update(seed).digest();
  let id = '1';
  for (let i = 0; i < 32; i++) id += ID_ALPHABET[digest[i] % 64];
  return id;
}

export function randomId(): string {
  const bytes = randomBytes(32);
  let id = '1';
  for (let i = 0; i < 32; i++) id += ID_ALPHABET[bytes[i] % 64];
  return id;
}

const DAY = 86_400_000;
/** The demo drive's clock: fixed, so every run produces the same listing. */
const DEMO_NOW = Date.parse('2026-11-01T09:00:00.000Z');

const INSURERS = ['Allianz', 'AXA', 'Zurich', 'Aviva', 'Generali'];

/**
 * A person's demo drive: folders three deep, more than 120 files (so listing pages), text PDFs,
 * images, a Word file, Google Docs and Sheets, a trashed file, a file shared read-only and an
 * empty file. Same account, same drive.
 */
export function seedDemoDrive(account: GoogleAccount): DriveAccount {
  const seed = account.email;
  const rootId = stableId(`${seed}:root`);
  const files = new Map<string, StoredFile>();
  let n = 0;
  const add = (path: string, f: Omit<StoredFile, 'id' | 'createdTime' | 'modifiedTime' | 'trashed' | 'explicitlyTrashed' | 'starred' | 'appCreated' | 'version'> & { ageDays?: number }) => {
    const age = f.ageDays ?? n;
    n++;
    const modified = new Date(DEMO_NOW - age * DAY - n * 60_000).toISOString();
    const file: StoredFile = {
      id: stableId(`${seed}:${path}`),
      createdTime: new Date(Date.parse(modified) - 30 * DAY).toISOString(),
      modifiedTime: modified,
      trashed: false,
      explicitlyTrashed: false,
      starred: false,
      appCreated: false,
      version: 1,
      ...f,
    };
    files.set(file.id, file);
    return file;
  };
  const folder = (path: string, name: string, parent: string) => add(path, { name, mimeType: FOLDER_MIME, parents: [parent], ageDays: 40 });
  const pdf = (path: string, name: string, parent: string, lines: string[], ageDays?: number) =>
    add(path, { name, mimeType: 'application/pdf', parents: [parent], content: makePdf(name.replace(/\.pdf$/, ''), lines), text: lines.join('\n'), ageDays });

  const documents = folder('Documents', 'Documents', rootId);
  const insurance = folder('Documents/Insurance', 'Insurance', documents.id);
  const home = folder('Documents/Insurance/Home', 'Home', insurance.id);
  const car = folder('Documents/Insurance/Car', 'Car', insurance.id);
  const medical = folder('Documents/Medical', 'Medical', documents.id);
  const receipts = folder('Receipts', 'Receipts', rootId);
  const photos = folder('Photos', 'Photos', rootId);
  folder('Empty folder', 'Empty folder', rootId);

  pdf('Documents/Passport scan.pdf', 'Passport scan.pdf', documents.id, ['Passport of ' + account.name, 'Number X1234567', 'Valid until 2031-04-30'], 2);
  pdf('Documents/Insurance/Home/Home policy 2026.pdf', 'Home policy 2026.pdf', home.id, ['Home insurance policy', `Insurer ${INSURERS[0]}`, 'Policy number HP-778812', 'Covers flood and fire', 'Renewal date 2027-01-15'], 5);
  pdf('Documents/Insurance/Home/Home inventory.pdf', 'Home inventory.pdf', home.id, ['Inventory of the household contents', 'Piano, bicycles, paintings'], 9);
  pdf('Documents/Insurance/Car/Car insurance certificate.pdf', 'Car insurance certificate.pdf', car.id, ['Motor insurance certificate', `Insurer ${INSURERS[1]}`, 'Registration AB12 CDE'], 7);
  pdf('Documents/Insurance/Travel cover.pdf', 'Travel cover.pdf', insurance.id, ['Annual travel insurance', 'Worldwide cover including winter sports'], 11);
  pdf('Documents/Medical/Vaccination record.pdf', 'Vaccination record.pdf', medical.id, ['Vaccination record', 'Tetanus booster 2024', 'Hepatitis B complete'], 13);
  add('Documents/Medical/Blood test results.docx', {
    name: 'Blood test results.docx',
    mimeType: DOCX_MIME,
    parents: [medical.id],
    content: makeDocx(['Blood test results', 'Cholesterol normal', 'Vitamin D slightly low']),
    text: 'Blood test results\nCholesterol normal\nVitamin D slightly low',
    ageDays: 14,
  });
  add('Documents/Tax return notes', {
    name: 'Tax return notes',
    mimeType: NATIVE_MIME.document,
    parents: [documents.id],
    text: 'Tax return notes\nRemember the marmalade receipts for the home office deduction.\nDeadline 31 January.',
    ageDays: 1,
  });
  add('Documents/Household budget', {
    name: 'Household budget',
    mimeType: NATIVE_MIME.spreadsheet,
    parents: [documents.id],
    text: 'Household budget\nRent 1200\nUtilities 180\nGroceries 450',
    ageDays: 3,
  });
  add('Documents/Family photo archive index', {
    name: 'Family photo archive index',
    mimeType: NATIVE_MIME.spreadsheet,
    parents: [documents.id],
    text: 'A spreadsheet too large to export',
    exportBytes: EXPORT_LIMIT_BYTES + 1,
    ageDays: 20,
  });
  add('Documents/Pension overview slides', {
    name: 'Pension overview slides',
    mimeType: NATIVE_MIME.presentation,
    parents: [documents.id],
    text: 'Pension overview\nState pension forecast\nWorkplace pension',
    ageDays: 21,
  });
  for (let i = 1; i <= 6; i++) {
    add(`Photos/IMG_${1000 + i}.png`, { name: `IMG_${1000 + i}.png`, mimeType: 'image/png', parents: [photos.id], content: makePng(i), ageDays: 30 + i });
  }
  add('Photos/Scanned receipt.jpg', { name: 'Scanned receipt.png', mimeType: 'image/png', parents: [photos.id], content: makePng(42), ageDays: 4 });
  for (let i = 1; i <= 120; i++) {
    const no = String(i).padStart(3, '0');
    pdf(`Receipts/Receipt ${no}.pdf`, `Receipt ${no}.pdf`, receipts.id, [`Receipt number ${no}`, `Amount ${(i * 3.17).toFixed(2)} EUR`], 50 + i);
  }
  add('Empty notes.txt', { name: 'Empty notes.txt', mimeType: 'text/plain', parents: [rootId], content: Buffer.alloc(0), text: '', ageDays: 8 });
  const trashed = pdf('Old bank statement.pdf', 'Old bank statement.pdf', rootId, ['Bank statement March 2019'], 200);
  trashed.trashed = true;
  trashed.explicitlyTrashed = true;
  const shared = pdf('Shared lease agreement.pdf', 'Shared lease agreement.pdf', rootId, ['Lease agreement', 'Landlord: Mr Landlord', 'Monthly rent 1200'], 6);
  shared.sharedBy = { displayName: 'Landlord Properties', emailAddress: 'landlord@example.com' };
  pdf('Welcome to Drive.pdf', 'Welcome to Drive.pdf', rootId, ['Welcome to your emulated Google Drive'], 0);
  return { account, rootId, files, quotaLimit: 15 * 1024 ** 3 };
}

export function searchable(f: StoredFile, drive: DriveAccount): SearchableFile {
  const me = drive.account.email;
  const parents = f.parents.includes(drive.rootId) ? [...f.parents, 'root'] : f.parents;
  const owner = f.sharedBy?.emailAddress ?? me;
  return {
    name: f.name,
    mimeType: f.mimeType,
    trashed: f.trashed,
    starred: f.starred,
    parents,
    owners: owner === me ? [me, 'me'] : [owner],
    writers: f.sharedBy ? [owner] : [me, 'me'],
    readers: f.sharedBy ? [me, 'me'] : [],
    modifiedTime: f.modifiedTime,
    createdTime: f.createdTime,
    fullText: f.text ?? '',
    sharedWithMe: Boolean(f.sharedBy),
  };
}

export function usedBytes(drive: DriveAccount): number {
  let total = 0;
  for (const f of drive.files.values()) total += f.sharedBy ? 0 : (f.content?.length ?? 0);
  return total;
}
