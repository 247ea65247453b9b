import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { createJwtService } from '../../src/http/jwt.js';
import type { StartedStack } from '../../src/start.js';
import { withStack, type TestStack, type TestStackOptions } from './test-stack.js';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  /** A supabase-js client signed in as this user. */
  client: SupabaseClient;
}

/**
 * supabase-js 2.1xx builds a realtime client eagerly and, on Node 20 (no global WebSocket), throws
 * unless given a transport. The local stack serves no realtime, so a transport that refuses to
 * connect is exactly right: nothing here subscribes.
 */
class NoRealtimeWebSocket {
  constructor() {
    throw new Error('realtime is not served by the local stack');
  }
}

export const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: NoRealtimeWebSocket as unknown as typeof WebSocket },
} as const;

/** A supabase-js client with only the anon key: an anonymous visitor. */
export function anonClient(stack: StartedStack): SupabaseClient {
  return createClient(stack.url, stack.anonKey, clientOptions);
}

/** A second device of the same person: its own session, signed in with the password. */
export async function secondDevice(stack: StartedStack, user: TestUser): Promise<SupabaseClient> {
  const client = createClient(stack.url, stack.anonKey, clientOptions);
  const signedIn = await client.auth.signInWithPassword({ email: user.email, password: user.password });
  if (!signedIn.error) return client;
  // No /auth/v1 on this stack: the same person's token on a second client.
  return createClient(stack.url, stack.anonKey, { ...clientOptions, global: { headers: { Authorization: `Bearer ${user.accessToken}` } } });
}

/** A supabase-js client with the service_role key (bypasses RLS, like a trusted server). */
export function serviceClient(stack: StartedStack): SupabaseClient {
  return createClient(stack.url, stack.serviceRoleKey, clientOptions);
}

async function authIsReady(stack: StartedStack): Promise<boolean> {
  const res = await fetch(`${stack.url}/auth/v1/health`, { headers: { apikey: stack.anonKey } }).catch(() => null);
  return res !== null && res.status === 200;
}

/**
 * Makes a user and returns a supabase-js client signed in as them. Uses the real sign-up and
 * password sign-in when /auth/v1 is served; otherwise inserts into auth.users and mints an access
 * token with the demo JWT secret, carrying the claims GoTrue would put in it.
 */
export async function createTestUser(stack: StartedStack, label = 'user'): Promise<TestUser> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const password = `pw-${randomUUID()}`;
  if (await authIsReady(stack)) {
    const client = createClient(stack.url, stack.anonKey, clientOptions);
    const { data, error } = await client.auth.signUp({ email, password });
    if (error) throw error;
    let session = data.session;
    if (!session) {
      const signedIn = await client.auth.signInWithPassword({ email, password });
      if (signedIn.error) throw signedIn.error;
      session = signedIn.data.session;
    }
    return { id: session!.user.id, email, password, accessToken: session!.access_token, client };
  }
  const id = randomUUID();
  await stack.db.admin((q) =>
    q.query(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', $2, now(), '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
      [id, email],
    ),
  );
  // A live session, as GoTrue would have made: row level security binds a token to it (ADR 0310).
  const sessionId = randomUUID();
  await stack.db.admin((q) => q.query(`insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`, [sessionId, id]));
  const jwt = createJwtService(stack.config.jwtSecret);
  const accessToken = await jwt.sign(
    {
      sub: id,
      role: 'authenticated',
      aud: 'authenticated',
      email,
      session_id: sessionId,
      aal: 'aal1',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      is_anonymous: false,
    },
    3600,
  );
  const client = createClient(stack.url, stack.anonKey, {
    ...clientOptions,
    global: { headers: { Authorization: `Bearer ${accessToken}` } },
  });
  return { id, email, password, accessToken, client };
}

/** A suite's stack and the people signed in on it, by the names the suite asked for. */
export type People<Name extends string> = { stack: TestStack } & Record<Name, TestUser>;

export interface WithPeopleOptions<Name extends string> extends Omit<TestStackOptions, 'database'> {
  /** Who signs up, in this order (default alice and bob: the usual pair for cross-user checks). */
  names?: readonly Name[];
}

/**
 * The setup of a cross-user suite: in `beforeAll`, a fresh stack on `database` and each named
 * person signed up on it; in `afterAll`, the stack stopped (its data directory or database gone).
 * Returns a getter to call inside tests and later hooks: `const { stack, alice, bob } = people();`.
 * Hooks a suite adds after this call run after the people exist.
 */
export function withPeople<Name extends string = 'alice' | 'bob'>(
  database: TestStackOptions['database'],
  { names = ['alice', 'bob'] as unknown as readonly Name[], ...options }: WithPeopleOptions<Name> = {},
): () => People<Name> {
  let people: People<Name> | undefined;
  const stack = withStack(database, options);
  beforeAll(async () => {
    const signedUp = {} as Record<Name, TestUser>;
    for (const name of names) signedUp[name] = await createTestUser(stack(), name);
    people = { ...signedUp, stack: stack() };
  });
  return () => {
    if (!people) throw new Error('withPeople: the stack is not started yet (call the getter inside a test or a later hook)');
    return people;
  };
}
