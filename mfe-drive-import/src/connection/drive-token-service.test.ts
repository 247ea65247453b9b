import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { DriveGrantGoneError } from './drive-connection';
import { DRIVE_TOKEN_FUNCTION, driveTokenService } from './drive-token-service';

function fakeSupabase(answer: { status: number; body: unknown }) {
  const invoke = jest.fn(async () => {
    if (answer.status === 200) return { data: answer.body, error: null };
    const res = { status: answer.status, statusText: 'x', json: async () => answer.body } as unknown as Response;
    return { data: null, error: new FunctionsHttpError(res) };
  });
  return { client: { functions: { invoke } } as unknown as SupabaseClient, invoke };
}

describe('the drive-token function as the connection sees it', () => {
  it('sends the SPEC §7 payload {code, redirect_uri} and reads the token answer', async () => {
    const { client, invoke } = fakeSupabase({ status: 200, body: { access_token: 'ya29.a', expires_in: 3599, scope: 's', grant: 'g' } });
    await expect(driveTokenService(client).exchange('4/0A', 'https://app/oauth-callback')).resolves.toEqual({ access_token: 'ya29.a', expires_in: 3599, scope: 's', grant: 'g' });
    expect(invoke).toHaveBeenCalledWith(DRIVE_TOKEN_FUNCTION, { body: { action: 'exchange', code: '4/0A', redirect_uri: 'https://app/oauth-callback' } });
  });

  it('no grant or a grant Google refused means a new consent; anything else is an ordinary failure', async () => {
    await expect(driveTokenService(fakeSupabase({ status: 200, body: { connected: false } }).client).refresh()).rejects.toBeInstanceOf(DriveGrantGoneError);
    await expect(driveTokenService(fakeSupabase({ status: 404, body: { error: 'no_grant' } }).client).refresh()).rejects.toBeInstanceOf(DriveGrantGoneError);
    await expect(driveTokenService(fakeSupabase({ status: 401, body: { error: 'invalid_grant', details: 'revoked' } }).client).refresh()).rejects.toBeInstanceOf(DriveGrantGoneError);
    const refused = driveTokenService(fakeSupabase({ status: 400, body: { error: 'invalid_grant', details: 'Malformed auth code.' } }).client).exchange('bad', 'x');
    await expect(refused).rejects.toThrow('Google did not accept the Drive permission. Please connect again. (HTTP 400: invalid_grant (Malformed auth code.))');
    await expect(driveTokenService(fakeSupabase({ status: 502, body: { error: 'network_error' } }).client).refresh()).rejects.not.toBeInstanceOf(DriveGrantGoneError);
  });
});
