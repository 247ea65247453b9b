/**
 * Writes the settings table of docs/configuration.md from the one settings schema
 * (shared/src/settings/settings.ts, ADR 0431). `npx tsx scripts/configuration-table.ts`;
 * shared's test fails while the two differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TABLE_END, TABLE_START, settingsTable } from '../shared/src/settings/settings';

const file = path.join(__dirname, '../docs/configuration.md');
const doc = readFileSync(file, 'utf8');
const start = doc.indexOf(TABLE_START);
const end = doc.indexOf(TABLE_END);
if (start === -1 || end === -1) throw new Error(`docs/configuration.md has no settings table markers (${TABLE_START} … ${TABLE_END})`);
writeFileSync(file, `${doc.slice(0, start + TABLE_START.length)}\n${settingsTable()}\n${doc.slice(end)}`);
console.log('docs/configuration.md: settings table written');
