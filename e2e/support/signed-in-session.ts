import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import type { AppConfig } from '@dossier/shared';
import { CONSENT } from '@dossier/shared/core';

/**
 * supabase-js builds its realtime client eagerly and, on Node 20 (no global WebSocket), throws
 * without a transport. Nothing here subscribes, so a transport that refuses to connect is right.
 */
class NoRealtime {
  constructor() {
    throw new Error('realtime is not used by the e2e helpers');
  }
}

/** The running instance's /app-config.json: where its Supabase-compatible API is, and the anon key. */
export async function readAppConfig(page: Page): Promise<AppConfig> {
  // The instance the page is on (a spec may start its own environment), else the suite's.
  const here = page.url().startsWith('http') ? new URL('/app-config.json', page.url()).href : '/app-config.json';
  const response = await page.request.get(here);
  if (!response.ok()) throw new Error(`GET /app-config.json answered ${response.status()}`);
  return (await response.json()) as AppConfig;
}

export interface SignedInUser {
  email: string;
  password: string;
  name: string;
  session: Session;
  config: AppConfig;
}

/**
 * supabase-js on Node against the stack in `config`, without a session store or realtime; with
 * `accessToken`, as that person. The one place the e2e helpers build a client.
 */
export function nodeSupabase(config: AppConfig, accessToken?: string): SupabaseClient {
  return createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as unknown as typeof WebSocket },
    ...(accessToken ? { global: { headers: { Authorization: `Bearer ${accessToken}` } } } : {}),
  });
}

/** supabase-js as this person (their access token), without a session store or realtime: for arranging data. */
export function asPerson(user: SignedInUser): SupabaseClient {
  return nodeSupabase(user.config, user.session.access_token);
}

/** A fresh user, signed up through supabase-js against the same stack the page uses. */
export async function signUpFreshUser(page: Page, name = 'Casey Tester'): Promise<SignedInUser> {
  const config = await readAppConfig(page);
  const supabase = nodeSupabase(config);
  const email = `e2e-${randomUUID()}@example.com`;
  const password = `pw-${randomUUID()}`;
  const { data, error } = await supabase.auth.signUp({ email, password, options: { data: { name } } });
  if (error) throw error;
  if (!data.session) throw new Error('sign-up returned no session (are e-mail confirmations on?)');
  return { email, password, name, session: data.session, config };
}

/** supabase-js's browser storage key for a project URL: sb-<first host label>-auth-token. */
export function sessionStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

/**
 * Puts the user's session where supabase-js in the page looks for it, before any page script
 * runs, once per browser context (a later sign-out in the page is not undone on reload).
 */
export async function seedSession(context: BrowserContext, user: SignedInUser): Promise<void> {
  await context.addInitScript(
    ([key, value]) => {
      if (window.name === 'dossier-e2e-seeded') return;
      window.localStorage.setItem(key, value);
      window.name = 'dossier-e2e-seeded';
    },
    [sessionStorageKey(user.config.supabaseUrl), JSON.stringify(user.session)] as const,
  );
}

/**
 * Stores an accepted consent record (SPEC §3, version '1.0', everything allowed) before the page
 * starts, so the modal consent dialog does not cover a test about something else.
 */
export async function seedAcceptedConsent(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ([key, version]) => {
      if (window.localStorage.getItem(key)) return;
      const record = { essential: true, analytics: true, marketing: true, notifications: true, dataProcessing: true, termsAccepted: true, privacyAccepted: true, timestamp: new Date().toISOString(), version };
      window.localStorage.setItem(key, JSON.stringify(record));
    },
    [CONSENT.storageKey, CONSENT.version] as const,
  );
}

/**
 * A fresh signed-in user in this page's context. Call before the first navigation to the app.
 * `options` is the user's name or `{ name, consent }`; `consent: 'accepted'` (default) answers the consent dialog in advance; 'ask' leaves it to the test.
 */
export async function signInFreshUser(page: Page, options: string | { name?: string; consent?: 'accepted' | 'ask' } = {}): Promise<SignedInUser> {
  const { name, consent = 'accepted' } = typeof options === 'string' ? { name: options } : options;
  const user = await signUpFreshUser(page, name);
  await seedSession(page.context(), user);
  if (consent === 'accepted') await seedAcceptedConsent(page.context());
  return user;
}
