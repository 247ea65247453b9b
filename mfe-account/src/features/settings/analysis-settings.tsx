import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth, useSupabase } from '@dossier/shared';
import {
  analysisSettingsKeys,
  DEFAULT_ANALYSIS_SETTINGS,
  getAnalysisSettings,
  OCR_EXTRA_LANGUAGES,
  saveAnalysisSettings,
  type AnalysisSettings as Settings,
} from '@dossier/shared/core';
import { NativeSelect } from '@dossier/shared/ui';
import { Checkbox, Switch } from '@dossier/shared/ui/controls';

const THRESHOLDS = [0.95, 0.9, 0.8, 0.7, 0.6] as const;
/** What "on" starts at: only suggestions Dossier is very sure of. */
const DEFAULT_THRESHOLD = 0.9;

/**
 * `/settings` → Analysis (issue 15, docs/decisions/0201, 0202): whether suggestions at least this
 * sure are applied without asking (off by default), and the languages scans are read in besides
 * English. Every change is saved at once.
 */
export function AnalysisSettings() {
  const id = useId();
  const client = useSupabase();
  const userId = useAuth().user?.id ?? null;
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: analysisSettingsKeys.mine, queryFn: () => getAnalysisSettings(client), enabled: Boolean(userId) });
  const save = useMutation({
    mutationFn: (next: Settings) => saveAnalysisSettings(client, userId as string, next),
    onMutate: (next) => queryClient.setQueryData(analysisSettingsKeys.mine, next),
    onSettled: () => queryClient.invalidateQueries({ queryKey: analysisSettingsKeys.mine }),
  });
  const current = settings.data ?? DEFAULT_ANALYSIS_SETTINGS;
  const change = (patch: Partial<Settings>) => save.mutate({ ...current, ...patch });
  const threshold = current.auto_apply_threshold;
  const disabled = !settings.data || !userId;

  return (
    <section aria-labelledby={`${id}-title`} className="dossier-settings-section dossier-analysis-settings">
      <h2 id={`${id}-title`}>Analysis</h2>
      <p>
        Dossier reads your scans and suggests a category, tags and dates — on this device, only while “Data processing” is on in your{' '}
        <Link to="/privacy-settings">privacy choices</Link>. It learns from how you file your own documents, never from anyone else’s.
      </p>
      <Switch
        label="File documents automatically"
        description="Apply a suggested category and tags without asking when Dossier is sure enough. You can undo each one."
        checked={threshold !== null}
        disabled={disabled}
        onCheckedChange={(on) => change({ auto_apply_threshold: on ? DEFAULT_THRESHOLD : null })}
      />
      {threshold !== null ? (
        <NativeSelect
          label="Only when at least"
          value={String(threshold)}
          disabled={disabled}
          onChange={(event) => change({ auto_apply_threshold: Number(event.target.value) })}
        >
          {THRESHOLDS.map((t) => (
            <option key={t} value={String(t)}>
              {Math.round(t * 100)}% sure
            </option>
          ))}
        </NativeSelect>
      ) : null}
      <fieldset className="dossier-analysis-languages" disabled={disabled}>
        <legend>Read text in English and also</legend>
        {OCR_EXTRA_LANGUAGES.map((language) => (
          <Checkbox
            key={language.code}
            label={language.label}
            checked={current.ocr_languages.includes(language.code)}
            disabled={disabled}
            onCheckedChange={(checked) =>
              change({
                ocr_languages: checked === true ? [...current.ocr_languages.filter((c) => c !== language.code), language.code] : current.ocr_languages.filter((c) => c !== language.code),
              })
            }
          />
        ))}
        <p className="dossier-analysis-note">Each language’s data (1–2 MB) is downloaded from Dossier the next time a scan is read, then kept by the browser.</p>
      </fieldset>
      <p role="status" className="dossier-analysis-note">
        {save.isError ? 'Your analysis settings could not be saved. Please try again.' : save.isSuccess ? 'Saved.' : ''}
      </p>
    </section>
  );
}
