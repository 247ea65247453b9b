import type { SupabaseClient } from '@supabase/supabase-js';
import { checkResult, documentsTable, readResult } from '@dossier/shared/core';
import { DOCUMENT_COLUMNS, isoDate, type DocumentRecord } from './documents';

/** public.expiry_reminders: written once by the scheduled job (migration 20261124000210). */
export interface ExpiryReminder {
  id: string;
  document_id: string;
  expires_on: string;
  days_before: number;
  created_at: string;
  read_at: string | null;
  notified_at: string | null;
  documents: { name: string } | null;
}

export interface ReminderSettings {
  days_before: number[];
  email: boolean;
  calendar_token: string | null;
}

export const DEFAULT_REMINDER_DAYS = [90, 30, 7, 0] as const;

export const reminderKeys = {
  all: ['reminders'] as const,
  list: () => [...reminderKeys.all, 'list'] as const,
  settings: () => [...reminderKeys.all, 'settings'] as const,
};

export async function listReminders(client: SupabaseClient): Promise<ExpiryReminder[]> {
  const result = await client
    .from('expiry_reminders')
    .select('id,document_id,expires_on,days_before,created_at,read_at,notified_at,documents(name)')
    .order('created_at', { ascending: false })
    .limit(50);
  return (readResult(result, 'list reminders') ?? []) as unknown as ExpiryReminder[];
}

export async function markRemindersRead(client: SupabaseClient, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  checkResult(await client.from('expiry_reminders').update({ read_at: new Date().toISOString() }).in('id', [...ids]), 'mark reminders read');
}

/** True for the one device that claims the browser notification of this reminder. */
export async function claimNotification(client: SupabaseClient, id: string): Promise<boolean> {
  const result = await client.from('expiry_reminders').update({ notified_at: new Date().toISOString() }).eq('id', id).is('notified_at', null).select('id');
  return ((readResult(result, 'claim notification') ?? []) as unknown[]).length > 0;
}

export async function getReminderSettings(client: SupabaseClient): Promise<ReminderSettings> {
  const result = await client.from('reminder_settings').select('days_before,email,calendar_token').maybeSingle();
  return (readResult(result, 'get reminder settings') as ReminderSettings | null) ?? { days_before: [...DEFAULT_REMINDER_DAYS], email: true, calendar_token: null };
}

export async function saveReminderSettings(client: SupabaseClient, userId: string, changes: Pick<ReminderSettings, 'days_before' | 'email'>): Promise<void> {
  checkResult(await client.from('reminder_settings').upsert({ user_id: userId, ...changes, updated_at: new Date().toISOString() }), 'save reminder settings');
}

/** Switches the calendar feed on with a new secret (the old URL dies) or off. */
export async function setCalendarFeed(client: SupabaseClient, enabled: boolean): Promise<string | null> {
  return readResult(await client.rpc('calendar_feed', { enabled }), 'calendar feed') as string | null;
}

export function calendarFeedUrl(supabaseUrl: string, token: string): string {
  return `${supabaseUrl.replace(/\/$/, '')}/functions/v1/calendar-feed?token=${token}`;
}

const DAY = 86_400_000;

/** Live documents that expired up to `daysBack` ago or expire within `daysAhead` (the expiry radar). */
export async function radarDocuments(client: SupabaseClient, daysBack: number, daysAhead: number, today = new Date()): Promise<DocumentRecord[]> {
  const result = await documentsTable(client)
    .select(DOCUMENT_COLUMNS)
    .is('deleted_at', null)
    .gte('expires_on', isoDate(new Date(today.getTime() - daysBack * DAY)))
    .lte('expires_on', isoDate(new Date(today.getTime() + daysAhead * DAY)))
    .order('expires_on', { ascending: true })
    .limit(100);
  return (readResult(result, 'radar documents') ?? []) as DocumentRecord[];
}
