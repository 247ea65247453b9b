import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.js';
import { AuthApiError } from './errors.js';

/** A row of auth.users as this stack reads it. */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  invited_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  banned_until: Date | null;
  is_anonymous: boolean | null;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

export const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_sent_at,
  recovery_sent_at, email_change, email_change_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data,
  created_at, updated_at, phone, phone_confirmed_at, banned_until, is_anonymous, invited_at`;

// Supabase keeps this instance id on every GoTrue row.
const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';

const iso = (d: Date | string | null | undefined): string | undefined => (d ? new Date(d).toISOString() : undefined);

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

// The same shape GoTrue accepts: something@something.tld, no spaces.
// The WHATWG (HTML) e-mail syntax GoTrue also checks, with a dot in the domain as before: no
// colons, semicolons or spaces in the local part ('xx:;x@x.x' is refused).
const EMAIL_RE = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
export function isValidEmail(email: string): boolean {
  return email.length <= 255 && EMAIL_RE.test(email);
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const r = await q.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`, [id]);
  return r.rows[0] ?? null;
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | null> {
  const r = await q.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = $1 and deleted_at is null and not coalesce(is_sso_user, false) limit 1`,
    [normaliseEmail(email)],
  );
  return r.rows[0] ?? null;
}

export async function identitiesOf(q: Queryable, userId: string): Promise<IdentityRow[]> {
  const r = await q.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = $1 order by created_at`,
    [userId],
  );
  return r.rows;
}

/** The user object GoTrue returns (GET /user, sessions, admin API). */
export function userJson(u: UserRow, identities: IdentityRow[]): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: u.id,
    aud: u.aud ?? 'authenticated',
    role: u.role ?? 'authenticated',
    email: u.email ?? '',
    email_confirmed_at: iso(u.email_confirmed_at),
    phone: u.phone ?? '',
    phone_confirmed_at: iso(u.phone_confirmed_at),
    confirmation_sent_at: iso(u.confirmation_sent_at),
    invited_at: u.invited_at ? iso(u.invited_at) : undefined,
    confirmed_at: iso(u.email_confirmed_at ?? u.phone_confirmed_at),
    recovery_sent_at: iso(u.recovery_sent_at),
    new_email: u.email_change || undefined,
    email_change_sent_at: u.email_change ? iso(u.email_change_sent_at) : undefined,
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: i.email ?? undefined,
    })),
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    banned_until: iso(u.banned_until),
    is_anonymous: u.is_anonymous ?? false,
  };
  for (const k of Object.keys(json)) if (json[k] === undefined) delete json[k];
  return json;
}

export async function loadUserJson(q: Queryable, id: string): Promise<Record<string, unknown> | null> {
  const u = await findUserById(q, id);
  return u ? userJson(u, await identitiesOf(q, id)) : null;
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata: Record<string, unknown>;
  confirmed: boolean;
  /** Also set last_sign_in_at to the same instant as created_at (a sign-in happens with creation). */
  signingIn: boolean;
  role?: string;
  /**
   * Copy the e-mail identity's facts (sub, email, email_verified, phone_verified) into
   * user_metadata, as GoTrue's sign-up does; its admin createUser stores the metadata as given.
   */
  identityInMetadata?: boolean;
}

/**
 * Inserts the user and its first identity. `now()` is the transaction's start time, so created_at
 * and last_sign_in_at are equal when the creation is also the first sign-in, as on Supabase.
 */
export async function insertUser(
  q: Queryable,
  user: NewUser,
  identity: { provider: string; providerId?: string; data: Record<string, unknown> },
): Promise<UserRow> {
  const id = randomUUID();
  const email = normaliseEmail(user.email);
  // Modern GoTrue copies the e-mail identity's facts into user_metadata as well.
  const userMetadata =
    identity.provider === 'email' && user.identityInMetadata !== false
      ? { ...user.userMetadata, sub: id, email, email_verified: user.confirmed, phone_verified: false }
      : user.userMetadata;
  const r = await q.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        raw_app_meta_data, raw_user_meta_data, created_at, updated_at, last_sign_in_at, is_sso_user, is_anonymous)
     values ($1, $2, 'authenticated', $3, $4, $5, case when $6::boolean then now() end,
        $7::jsonb, $8::jsonb, now(), now(), case when $9::boolean then now() end, false, false)
     returning ${USER_COLUMNS}`,
    [
      INSTANCE_ID,
      id,
      user.role ?? 'authenticated',
      email,
      user.passwordHash,
      user.confirmed,
      JSON.stringify(user.appMetadata),
      JSON.stringify(userMetadata),
      user.signingIn,
    ],
  );
  const providerId = identity.providerId ?? id;
  const identityData = identity.provider === 'email' ? { sub: id, email, email_verified: user.confirmed, phone_verified: false, ...identity.data } : identity.data;
  await q.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3::jsonb, $4, case when $5::boolean then now() end, now(), now())`,
    [providerId, id, JSON.stringify(identityData), identity.provider, user.signingIn],
  );
  return r.rows[0];
}

/** GoTrue merges metadata updates key by key; a key set to null is removed. */
/**
 * user_metadata travels in every access token: a large one makes every later request header too
 * big (431), including the one that would shrink it. Refused at write time instead.
 */
export function limitMetadata<T extends Record<string, unknown> | undefined>(maxBytes: number, meta: T): T {
  if (meta === undefined) return meta;
  const size = Buffer.byteLength(JSON.stringify(meta));
  if (size > maxBytes) throw new AuthApiError(422, 'validation_failed', `user_metadata is too large: ${size} bytes, at most ${maxBytes} are allowed`);
  return meta;
}

export function mergeMetadata(current: Record<string, unknown> | null, patch: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(current ?? {}) };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete merged[k];
    else merged[k] = v;
  }
  return merged;
}
