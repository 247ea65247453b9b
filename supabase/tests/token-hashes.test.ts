import { databasesSync, withStack } from '../../local-stack/test/support/test-stack';

// A fresh PGlite stack takes long on a busy machine.
jest.setTimeout(180_000);

/**
 * Share-link tokens and recovery codes are stored only as hashes. The hashes are made with the
 * core sha256(), not pgcrypto's digest() (whose WASM OpenSSL failed now and then on PGlite):
 * they must stay byte-for-byte what digest() gave, or every stored link and code would stop working.
 */
describe.each(databasesSync())('token hashes on %s', (database) => {
  const stack = withStack(database);

  const samples = ['', 'plain-token_123', 'Zürich ✓ 日本', 'a'.repeat(500)];

  it('share_token_hash equals the sha256 that pgcrypto gave, for every kind of input', async () => {
    for (const token of samples) {
      const { rows } = await stack().db.admin((q) =>
        q.query<{ ours: string; pgcrypto: string }>(
          `select public.share_token_hash($1) as ours, encode(extensions.digest(convert_to($1, 'UTF8'), 'sha256'), 'hex') as pgcrypto`,
          [token],
        ),
      );
      expect(rows[0].ours).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0].ours).toBe(rows[0].pgcrypto);
    }
  });

  it('recovery_code_hash equals the sha256 that pgcrypto gave, and ignores case and separators as before', async () => {
    const uid = '00000000-0000-4000-8000-00000000abcd';
    const { rows } = await stack().db.admin((q) =>
      q.query<{ ours: string; spaced: string; pgcrypto: string }>(
        `select jobs.recovery_code_hash($1::uuid, 'ab12-cd34') as ours,
                jobs.recovery_code_hash($1::uuid, ' AB12 CD34 ') as spaced,
                encode(extensions.digest($1 || ':' || 'AB12CD34', 'sha256'), 'hex') as pgcrypto`,
        [uid],
      ),
    );
    expect(rows[0].ours).toBe(rows[0].pgcrypto);
    expect(rows[0].spaced).toBe(rows[0].ours);
  });

  it('neither hash depends on pgcrypto any more', async () => {
    const { rows } = await stack().db.admin((q) =>
      q.query<{ name: string; body: string }>(
        `select p.proname as name, p.prosrc as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where (n.nspname, p.proname) in (('public', 'share_token_hash'), ('jobs', 'recovery_code_hash'))`,
      ),
    );
    expect(rows.map((r) => r.name).sort()).toEqual(['recovery_code_hash', 'share_token_hash']);
    for (const row of rows) expect(row.body).not.toContain('digest');
  });
});
