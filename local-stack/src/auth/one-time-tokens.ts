import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.js';
import { FLOW_STATE_SECONDS } from './settings.js';
import { AuthApiError } from './errors.js';

/** A six-digit code for the e-mail, and the hash the link carries (GoTrue: sha224(email + otp)). */
export function newOtp(email: string): { otp: string; tokenHash: string } {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return { otp, tokenHash: tokenHashOf(email, otp) };
}

export function tokenHashOf(email: string, otp: string): string {
  return createHash('sha224').update(email + otp).digest('hex');
}

/** PKCE: base64url(sha256(verifier)) for s256, the verifier itself for plain. */
export function challengeMatches(method: string, challenge: string, verifier: string): boolean {
  if (method.toLowerCase() === 's256') return createHash('sha256').update(verifier).digest('base64url') === challenge;
  if (method.toLowerCase() === 'plain') return verifier === challenge;
  return false;
}

export interface PkceParams {
  codeChallenge: string;
  codeChallengeMethod: string;
}

/** Reads code_challenge / code_challenge_method as supabase-js sends them; both or neither. */
export function pkceParams(challenge: unknown, method: unknown): PkceParams | null {
  if (typeof challenge !== 'string' || !challenge) return null;
  const m = typeof method === 'string' && method ? method.toLowerCase() : 'plain';
  if (m !== 's256' && m !== 'plain') throw new AuthApiError(400, 'validation_failed', 'Code challenge method not supported');
  if (challenge.length < 43 || challenge.length > 128) throw new AuthApiError(400, 'validation_failed', 'code challenge has to be between 43 and 128 characters');
  return { codeChallenge: challenge, codeChallengeMethod: m };
}

export interface FlowState {
  id: string;
  user_id: string | null;
  auth_code: string;
  code_challenge_method: string;
  code_challenge: string;
  provider_type: string;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
  created_at: Date;
  authentication_method: string;
}

export async function createFlowState(
  q: Queryable,
  pkce: PkceParams,
  providerType: string,
  authenticationMethod: string,
  userId: string | null,
): Promise<FlowState> {
  const r = await q.query<FlowState>(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       created_at, updated_at, authentication_method)
     values ($1, $2, $3, $4, $5, $6, now(), now(), $7) returning *`,
    [randomUUID(), userId, randomUUID(), pkce.codeChallengeMethod, pkce.codeChallenge, providerType, authenticationMethod],
  );
  return r.rows[0];
}

/** The newest PKCE flow of `userId` for an e-mail flow (recovery, signup). */
export async function latestFlowState(q: Queryable, userId: string, authenticationMethod: string): Promise<FlowState | null> {
  const r = await q.query<FlowState>(
    `select * from auth.flow_state where user_id = $1 and authentication_method = $2 order by created_at desc limit 1`,
    [userId, authenticationMethod],
  );
  return r.rows[0] ?? null;
}

export async function consumeFlowState(q: Queryable, authCode: string, verifier: string): Promise<FlowState> {
  const r = await q.query<FlowState>(`select * from auth.flow_state where auth_code = $1 for update`, [authCode]);
  const flow = r.rows[0];
  if (!flow) throw new AuthApiError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (Date.now() - new Date(flow.created_at).getTime() > FLOW_STATE_SECONDS * 1000 * 12) {
    // e-mail links stay valid an hour (12 × 5 min); OAuth round trips take seconds.
    await q.query(`delete from auth.flow_state where id = $1`, [flow.id]);
    throw new AuthApiError(400, 'flow_state_expired', 'invalid flow state, flow state has expired');
  }
  if (!challengeMatches(flow.code_challenge_method, flow.code_challenge, verifier)) {
    throw new AuthApiError(403, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  if (!flow.user_id) throw new AuthApiError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  await q.query(`delete from auth.flow_state where id = $1`, [flow.id]);
  return flow;
}
