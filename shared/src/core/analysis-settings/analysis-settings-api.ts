import type { SupabaseClient } from '@supabase/supabase-js';
import { checkResult, readResult } from '../errors';

/**
 * The person's analysis settings (migration 20261125000500, docs/decisions/0201): read by the
 * documents area when it analyses, edited in /settings. No row means the defaults.
 */

/** OCR languages besides English, served from Dossier's own origin (mfe-documents/ocr-assets.cjs). */
export const OCR_EXTRA_LANGUAGES = [
  { code: 'fra', label: 'French' },
  { code: 'deu', label: 'German' },
  { code: 'spa', label: 'Spanish' },
] as const;
export type OcrLanguage = 'eng' | (typeof OCR_EXTRA_LANGUAGES)[number]['code'];

export interface AnalysisSettings {
  /** 0.5…0.99: suggestions at least this sure are applied without asking; null: off (the default). */
  auto_apply_threshold: number | null;
  ocr_languages: Array<Exclude<OcrLanguage, 'eng'>>;
}

export const DEFAULT_ANALYSIS_SETTINGS: AnalysisSettings = { auto_apply_threshold: null, ocr_languages: [] };

export const analysisSettingsKeys = { mine: ['analysis-settings'] as const };

export async function getAnalysisSettings(client: SupabaseClient): Promise<AnalysisSettings> {
  const data = readResult<{ auto_apply_threshold: number | string | null; ocr_languages: string[] | null } | null>(await client.from('analysis_settings').select('auto_apply_threshold,ocr_languages').maybeSingle(), 'read analysis settings');
  if (!data) return DEFAULT_ANALYSIS_SETTINGS;
  const threshold = data.auto_apply_threshold === null ? null : Number(data.auto_apply_threshold);
  return { auto_apply_threshold: threshold, ocr_languages: (data.ocr_languages ?? []) as AnalysisSettings['ocr_languages'] };
}

export async function saveAnalysisSettings(client: SupabaseClient, userId: string, settings: AnalysisSettings): Promise<void> {
  checkResult(
    await client.from('analysis_settings').upsert({ user_id: userId, ...settings, updated_at: new Date().toISOString() }, { onConflict: 'user_id' }),
    'save analysis settings',
  );
}

/** The tesseract language string: English first, then the chosen ones ("eng+fra"). */
export function ocrLanguageString(settings: Pick<AnalysisSettings, 'ocr_languages'>): string {
  return ['eng', ...OCR_EXTRA_LANGUAGES.map((l) => l.code).filter((c) => settings.ocr_languages.includes(c))].join('+');
}
