import { randomUUID } from 'node:crypto';
import type { StackConfig } from '../context.js';
import type { Queryable } from '../db/types.js';
import { AuthApiError } from './errors.js';
import { findUserById, USER_COLUMNS, type UserRow } from './users.js';
import { settingsOf, type StackSettings } from '../settings.js';
import { authSwitch, tomlValue } from './supabase-toml.js';

declare module '../context.js' {
  interface StackConfig {
    /** Overrides `[auth] enable_anonymous_sign_ins` / GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED (tests). */
    anonymousSignIns?: boolean;
  }
}

const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Whether supabase-js's signInAnonymously may create users: config.toml's `[auth]
 * enable_anonymous_sign_ins` (Dossier keeps it off), GoTrue's GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED
 * over it, a test's override over both. Off by default, as in the Supabase CLI.
 */
export function anonymousSignInsEnabled(config: StackConfig, settings: StackSettings = settingsOf(config)): boolean {
  return authSwitch(config.anonymousSignIns, settings.GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED, config.supabaseDir, 'auth', 'enable_anonymous_sign_ins');
}

/**
 * Anonymous users one address may create per hour: `[auth.rate_limit] anonymous_users` (the
 * CLI's default 30), AUTH_RATE_LIMIT_ANONYMOUS_USERS over it. Each is a row in auth.users.
 */
export function anonymousUsersPerHour(config: StackConfig, settings: StackSettings = settingsOf(config)): number {
  if (settings.AUTH_RATE_LIMIT_ANONYMOUS_USERS !== undefined) return settings.AUTH_RATE_LIMIT_ANONYMOUS_USERS;
  const v = tomlValue(config.supabaseDir, 'auth.rate_limit', 'anonymous_users');
  return typeof v === 'number' && v > 0 ? v : 30;
}

/** GoTrue's anonymous user: no e-mail, no identity, `is_anonymous`, app_metadata {}. */
export async function insertAnonymousUser(q: Queryable, userMetadata: Record<string, unknown>): Promise<UserRow> {
  const r = await q.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, last_sign_in_at, is_sso_user, is_anonymous)
     values ($1, $2, 'authenticated', 'authenticated', '{}'::jsonb, $3::jsonb, now(), now(), now(), false, true)
     returning ${USER_COLUMNS}`,
    [INSTANCE_ID, randomUUID(), JSON.stringify(userMetadata)],
  );
  return r.rows[0];
}

/**
 * An anonymous user whose e-mail is now set and confirmed becomes a permanent one, as in GoTrue:
 * `is_anonymous` false, an e-mail identity, provider "email" in app_metadata. A no-op for others.
 */
export async function makePermanent(q: Queryable, userId: string): Promise<void> {
  const user = await findUserById(q, userId);
  if (!user?.is_anonymous || !user.email || !user.email_confirmed_at) return;
  await q.query(
    `update auth.users set is_anonymous = false, updated_at = now(),
        raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || '{"provider":"email","providers":["email"]}'::jsonb
      where id = $1`,
    [userId],
  );
  await q.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1, $2, $3::jsonb, 'email', now(), now()) on conflict do nothing`,
    [userId, userId, JSON.stringify({ sub: userId, email: user.email, email_verified: true, phone_verified: false })],
  );
}

/** The refusal when anonymous sign-ins are off (GoTrue's exact body). */
export const anonymousDisabled = () => new AuthApiError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
