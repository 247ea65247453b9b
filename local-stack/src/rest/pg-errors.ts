import type { DbRole } from '../db/types.js';
import { type PgrstErrorBody, pgrstError } from './errors.js';

interface PgLikeError {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

export function isPgError(e: unknown): e is PgLikeError & Error {
  return e instanceof Error && typeof (e as PgLikeError).code === 'string' && /^[0-9A-Z]{5}$/.test((e as PgLikeError).code!);
}

/**
 * PostgREST's mapping from SQLSTATE to HTTP status
 * (https://postgrest.org/en/stable/references/errors.html#postgresql-errors).
 */
export function statusForSqlState(code: string, role: DbRole): number {
  // RAISE … USING ERRCODE = 'PT404': the function chooses the HTTP status (PostgREST's convention).
  const custom = /^PT([1-5]\d\d)$/.exec(code);
  if (custom) return Number(custom[1]);
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === 'P0001') return 400;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '42P17') return 500;
  const cls = code.slice(0, 2);
  switch (cls) {
    case '08':
    case '53':
      return 503;
    case '09':
    case '25':
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'P0':
    case 'XX':
      return 500;
    case '0L':
    case '0P':
    case '28':
      return 403;
    case '54':
      return 413;
    default:
      return 400;
  }
}

export function pgErrorBody(e: PgLikeError): PgrstErrorBody {
  return pgrstError(e.code ?? 'XX000', e.message ?? 'unknown error', e.detail || null, e.hint || null);
}
