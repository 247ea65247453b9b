/**
 * @jest-environment node
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { findTagByName, literalLikePattern, type Tag } from './tags';

/** LIKE's own semantics (default escape `\`, case-insensitive as ilike), to check the pattern means the text itself. */
function ilike(value: string, pattern: string): boolean {
  let re = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = pattern[i];
    if (ch === '\\') {
      i += 1;
      re += (pattern[i] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    } else if (ch === '%') re += '[\\s\\S]*';
    else if (ch === '_') re += '[\\s\\S]';
    else re += ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, 'i').test(value);
}

describe('literalLikePattern', () => {
  it('escapes % and _ so they match only themselves', () => {
    expect(literalLikePattern('50%_off')).toBe('50\\%\\_off');
    expect(ilike('50%_off', literalLikePattern('50%_off'))).toBe(true);
    expect(ilike('50 percent off', literalLikePattern('50%_off'))).toBe(false);
    expect(ilike('50%Xoff', literalLikePattern('50%_off'))).toBe(false);
    // Unescaped, the same text matched other names: the defect this fixes.
    expect(ilike('50 percent off', '50%_off')).toBe(true);
  });

  it('escapes the escape character itself', () => {
    expect(literalLikePattern('a\\b')).toBe('a\\\\b');
    expect(ilike('a\\b', literalLikePattern('a\\b'))).toBe(true);
    expect(ilike('ab', literalLikePattern('a\\b'))).toBe(false);
  });

  it('keeps case-insensitivity and turns PostgREST\'s * into a one-character wildcard', () => {
    expect(ilike('TAXES', literalLikePattern('taxes'))).toBe(true);
    expect(literalLikePattern('a*b')).toBe('a_b');
  });
});

function fakeClient(rows: Tag[]) {
  const calls: { column: string; pattern: string }[] = [];
  const query = {
    select: () => query,
    ilike: (column: string, pattern: string) => {
      calls.push({ column, pattern });
      return query;
    },
    limit: async () => ({ data: rows.filter((r) => ilike(r.name, calls[calls.length - 1].pattern)), error: null }),
  };
  const client = { from: () => query } as unknown as SupabaseClient;
  return { client, calls };
}

const tag = (name: string): Tag => ({ id: `id-${name}`, name, color: '#2563eb', created_at: '2026-01-01T00:00:00Z' });

describe('findTagByName', () => {
  it('finds the tag whose name is exactly the text, ignoring case, even with LIKE wildcards in it', async () => {
    const { client, calls } = fakeClient([tag('50 percent off'), tag('50%_Off')]);
    await expect(findTagByName(client, ' 50%_off ')).resolves.toEqual(tag('50%_Off'));
    expect(calls).toEqual([{ column: 'name', pattern: '50\\%\\_off' }]);
  });

  it('answers null instead of a different tag that only the wildcard matched', async () => {
    const { client } = fakeClient([tag('a-b'), tag('axb')]);
    await expect(findTagByName(client, 'a*b')).resolves.toBeNull();
    await expect(findTagByName(client, 'a_b')).resolves.toBeNull();
  });
});
