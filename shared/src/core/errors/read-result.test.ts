import { USER_MESSAGES } from '../messages';
import { failureKind } from '../resilience/failure-kind';
import { checkResult, DataError, isDataError, readResult, readRows, toDataError } from './read-result';

// The shapes supabase-js really hands back (postgrest-js, storage-js, auth-js).
const postgrest = (code: string, message: string, status: number) => ({
  data: null,
  error: { message, code, details: 'Key (name)=(Tax) already exists.', hint: null },
  status,
});

describe('readResult: the one supabase-js result reader', () => {
  it('gives the data of a successful answer, null included', () => {
    expect(readResult({ data: [{ id: 1 }], error: null, status: 200 })).toEqual([{ id: 1 }]);
    expect(readResult({ data: null, error: null, status: 204 })).toBeNull();
    expect(readRows({ data: null, error: null })).toEqual([]);
  });

  it('turns a unique violation into a conflict carrying code, status, details and a log message', () => {
    let thrown: unknown;
    try {
      readResult(postgrest('23505', 'duplicate key value violates unique constraint', 409), 'create portfolio');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DataError);
    expect(thrown).toMatchObject({
      name: 'DataError',
      kind: 'conflict',
      code: '23505',
      status: 409,
      details: 'Key (name)=(Tax) already exists.',
      message: 'create portfolio: duplicate key value violates unique constraint',
    });
    expect(isDataError(thrown, 'conflict')).toBe(true);
    expect(isDataError(thrown, 'not-found')).toBe(false);
  });

  it('keeps the service message as it is when no operation is named (areas show their own refusals)', () => {
    expect(() => readResult({ data: null, error: { message: 'The Family plan is shared by up to 5 people.', code: 'P0001', hint: 'family' } })).toThrow(
      expect.objectContaining({ message: 'The Family plan is shared by up to 5 people.', code: 'P0001', hint: 'family' }),
    );
  });

  it.each([
    ['PGRST116', 406, 'not-found'],
    ['42501', 403, 'permission'],
    ['23503', 409, 'conflict'],
    ['22P02', 400, 'invalid'],
    ['XX000', 500, 'server'],
    ['PGRST301', 401, 'auth'],
  ] as const)('PostgREST %s (HTTP %i) is %s', (code, status, kind) => {
    expect(() => readResult(postgrest(code, 'refused', status))).toThrow(expect.objectContaining({ kind, status, code }));
  });

  it('reads the status from the code when the caller lost the response (23505 → 409)', () => {
    const error = toDataError({ message: 'duplicate', code: '23505' });
    expect(error).toMatchObject({ kind: 'conflict', status: 409 });
  });

  it('reads Storage and GoTrue errors, which keep their status on the error', () => {
    const storage = toDataError({ name: 'StorageApiError', message: 'Object not found', status: 404, statusCode: 'NoSuchKey' }, 'download');
    expect(storage).toMatchObject({ kind: 'not-found', status: 404, message: 'download: Object not found' });
    const auth = toDataError({ name: 'AuthApiError', message: 'Password is too weak', status: 422, code: 'weak_password' });
    expect(auth).toMatchObject({ kind: 'invalid', status: 422, code: 'weak_password' });
  });

  it('a fetch that never got an answer (PostgREST status 0) is a network failure the classifier and retries see', () => {
    const error = toDataError({ message: 'TypeError: Failed to fetch', code: '' }, 'list documents', 0);
    expect(error).toMatchObject({ kind: 'network', status: 0, code: undefined });
    expect(failureKind(error)).toBe('network');
  });

  it('gives SPEC §8 text for people, never the service message', () => {
    expect(toDataError({ message: 'new row violates row-level security policy', code: '42501' }, undefined, 403).userMessage).toBe(USER_MESSAGES.forbidden);
    expect(toDataError({ message: 'relation "x" does not exist at line 3', code: 'XX000' }, undefined, 500).userMessage).toBe(USER_MESSAGES.serverError);
  });

  it('keeps the original error as its cause and passes a DataError through unchanged', () => {
    const original = { message: 'boom', code: 'XX000' };
    const error = toDataError(original, 'x', 500);
    expect(error.cause).toBe(original);
    expect(toDataError(error, 'again')).toBe(error);
  });

  it('checkResult throws only on an error', () => {
    expect(() => checkResult({ error: null, status: 204 }, 'delete')).not.toThrow();
    expect(() => checkResult({ error: { message: 'nope', code: '42501' }, status: 403 }, 'delete')).toThrow('delete: nope');
  });
});
