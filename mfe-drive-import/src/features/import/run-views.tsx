import { countNoun, type BulkReport, type PlanFit } from '@dossier/shared/core';
import { Badge, Button, PlainList } from '@dossier/shared/ui';
import { importSummary, type ImportItem } from './drive-import';
import type { RunState } from './run-machine';

const STATUS_TEXT: Record<ImportItem['status'], string> = {
  waiting: 'Waiting',
  downloading: 'Downloading…',
  downloaded: 'Downloaded',
  stored: 'Imported',
  duplicate: 'Already imported',
  changed: 'Changed in Drive',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const tone = (status: ImportItem['status']) =>
  status === 'failed' ? 'danger' : status === 'downloaded' || status === 'stored' ? 'success' : status === 'duplicate' || status === 'changed' ? 'warning' : 'neutral';

/** The chosen files do not all fit the plan: asked before anything downloads (issue 21 §4). */
export function FitPanel({ fit, onBack, onChoose }: { fit: PlanFit; onBack: () => void; onChoose: (room: number) => void }) {
  return (
    <div className="drive-confirm" role="group" aria-labelledby="drive-fit">
      <h3 id="drive-fit">Not enough room in your plan</h3>
      <p role="alert">{fit.message}</p>
      <div className="drive-footer">
        <Button onClick={onBack}>Back</Button>
        <a className="drive-link" href="/settings#plan">
          Upgrade your plan
        </a>
        {fit.room > 0 ? (
          <Button variant="primary" onClick={() => onChoose(fit.room)}>
            Import the {countNoun(fit.room, 'file')} that fit
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** Every file of the run with what happened to it, and why when it failed. */
export function RunItems({ items }: { items: readonly ImportItem[] }) {
  return (
    <PlainList className="drive-list" aria-label="Files being imported">
      {items.map((it) => (
        <li key={it.file.id} className="drive-row drive-row--run">
          <span className="drive-row__name">{it.file.name}</span>
          <Badge tone={tone(it.status)}>{it.status === 'stored' && it.replaces ? 'Updated' : it.updatedElsewhere ? 'Already updated' : STATUS_TEXT[it.status]}</Badge>
          {it.reason ? <span className="drive-alert">{it.reason}</span> : null}
        </li>
      ))}
    </PlainList>
  );
}

function duplicateNote(it: ImportItem): string {
  if (!it.existing) return ' — you chose to skip this copy of a document you have';
  if (it.status === 'changed') return ' — changed in Drive since you imported it';
  return it.updatedElsewhere ? ' — already updated from Drive on another device or tab' : ' — already in your documents';
}

/**
 * The run's summary: the counts line (failures included), what was skipped or updated with links,
 * and the next steps. Shown once files start arriving; leaving comes only once every file settled.
 */
export function RunSummary(props: { state: RunState; report: BulkReport; onUpdateChanged: () => void; onRetry: () => void; onMore: () => void; onDone: () => void }) {
  const { state, report } = props;
  const { phase, items, leftOut } = state;
  const { imported, updated, duplicates, changed, retryable } = importSummary(items);
  if (!(phase === 'summary' || (phase === 'importing' && imported.length + updated.length > 0))) return null;
  return (
    <section aria-labelledby="drive-summary" className="drive-summary">
      <h3 id="drive-summary">Summary</h3>
      <p role="status">{report.line}</p>
      {leftOut > 0 ? <p>{countNoun(leftOut, 'file')} left out: your plan had no room for them.</p> : null}
      {duplicates.length > 0 ? (
        <ul aria-label="Already imported">
          {duplicates.map((it) => (
            <li key={it.file.id}>
              {it.existing ? <a href={`/documents?doc=${it.existing.id}`}>{it.existing.name}</a> : it.file.name}
              {duplicateNote(it)}
            </li>
          ))}
        </ul>
      ) : null}
      {updated.length > 0 ? (
        <ul aria-label="Updated from Drive">
          {updated.map((it) => (
            <li key={it.file.id}>
              <a href={`/documents?doc=${it.existing!.id}`}>{it.existing!.name}</a> — the new version replaced the old one (now in the trash)
            </li>
          ))}
        </ul>
      ) : null}
      <div className="drive-actions">
        {changed.length > 0 && phase === 'summary' ? (
          <Button onClick={props.onUpdateChanged}>
            Update {changed.length} changed file{changed.length === 1 ? '' : 's'} from Drive
          </Button>
        ) : null}
        {retryable.length > 0 && phase === 'summary' ? <Button onClick={props.onRetry}>Retry failed files</Button> : null}
      </div>
      {/* Only once every file has settled: leaving earlier would stop the files still on their way. */}
      {phase === 'summary' ? (
        <div className="drive-footer">
          <Button onClick={props.onMore}>Import more</Button>
          <Button variant="primary" onClick={props.onDone}>
            Done
          </Button>
        </div>
      ) : null}
    </section>
  );
}
