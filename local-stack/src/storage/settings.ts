import type { StackConfig } from '../context.js';
import { tomlValue } from '../auth/supabase-toml.js';
import { settingsOf, type StackSettings } from '../settings.js';

declare module '../context.js' {
  interface StackConfig {
    /** Largest object any bucket accepts, in bytes (supabase/config.toml [storage] file_size_limit). */
    storageFileSizeLimit?: number;
  }
}

export const DEFAULT_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

const UNITS: Record<string, number> = { b: 1, kb: 1000, mb: 1000 ** 2, gb: 1000 ** 3, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 };

/** "50MiB", "5MB", "1024" or a number → bytes; null when it cannot be read. */
export function parseSize(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v) && v >= 0) return Math.floor(v);
  if (typeof v !== 'string') return null;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(v);
  if (!m) return null;
  const unit = UNITS[(m[2] || 'b').toLowerCase()];
  return unit ? Math.floor(Number(m[1]) * unit) : null;
}

const tomlCache = new Map<string, number | null>();

/**
 * config.storageFileSizeLimit, else STORAGE_FILE_SIZE_LIMIT, else supabase/config.toml's
 * [storage] file_size_limit, else 50 MiB (the Supabase CLI's default).
 */
export function globalFileSizeLimit(config: StackConfig, settings: StackSettings = settingsOf(config)): number {
  if (!tomlCache.has(config.supabaseDir)) tomlCache.set(config.supabaseDir, parseSize(tomlValue(config.supabaseDir, 'storage', 'file_size_limit')));
  return config.storageFileSizeLimit ?? parseSize(settings.STORAGE_FILE_SIZE_LIMIT) ?? tomlCache.get(config.supabaseDir) ?? DEFAULT_FILE_SIZE_LIMIT;
}
