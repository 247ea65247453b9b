import type { SupabaseClient } from '@supabase/supabase-js';
import { readResult } from '@dossier/shared/core';

/** The Family plan's membership and invitations (ADR 0162); every check is in Postgres. */
export interface FamilyMember {
  user_id: string;
  email: string;
  role: 'owner' | 'member';
  joined_at: string;
  me: boolean;
}

export interface FamilyInvitation {
  id: string;
  email: string;
  created_at: string;
  expires_at: string;
}

export interface FamilyOverview {
  family: { id: string; name: string; is_owner: boolean; active: boolean } | null;
  can_invite: boolean;
  max_members: number;
  members?: FamilyMember[];
  invitations?: FamilyInvitation[];
}

export type AcceptResult = { ok: true; family_id: string } | { ok: false; reason: 'invalid' | 'already_in_a_family' | 'family_full' };

async function rpc<T>(client: SupabaseClient, name: string, args?: Record<string, unknown>): Promise<T> {
  return readResult<T>(await client.rpc(name, args));
}

export const fetchFamily = (client: SupabaseClient) => rpc<FamilyOverview>(client, 'family_overview');
export const inviteToFamily = async (client: SupabaseClient, email: string) => (await rpc<{ id: string; token: string }[]>(client, 'invite_family_member', { email }))[0];
export const withdrawInvitation = (client: SupabaseClient, invitationId: string) => rpc<null>(client, 'revoke_family_invitation', { invitation_id: invitationId });
export const acceptInvitation = (client: SupabaseClient, token: string) => rpc<AcceptResult>(client, 'accept_family_invitation', { token });
export const removeMember = (client: SupabaseClient, member: string) => rpc<null>(client, 'remove_family_member', { member });

export const ACCEPT_MESSAGES: Record<Exclude<AcceptResult, { ok: true }>['reason'], string> = {
  invalid: 'This invitation is not valid: it may have expired, been withdrawn or used, or it was sent to another e-mail address.',
  already_in_a_family: 'You are already in a family. Leave it first to join another.',
  family_full: 'This family is full.',
};
