import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth, useSupabase, useToasts } from '@dossier/shared';
import { Button, PlainList, Progress } from '@dossier/shared/ui';
import { analysisKeys, getAnalysis, type AnalysisRecord } from '../../api/document-analysis';
import { documentKeys, getDocument, type DocumentRecord } from '../../api/documents';
import { tagKeys } from '../../api/tags';
import { categoryKeys } from '../../api/categories';
import { formatDate } from '../../lib/format';
import { useDescribeError } from '../../lib/query';
import { useDocumentActions } from '../../lib/use-document-actions';
import { useCategories } from '../../lib/use-lookups';
import type { AnalysisJob } from './analysis-queue';
import { sure } from './confidence';
import { offerOf } from './suggestion-offer';
import { KeyFacts } from './key-facts-list';
import { acceptTag, categoryIdFor, settleSuggestions, undoApplied } from './apply-suggestions';
import { useAnalysisQueue, useAnalysisSnapshot, useDataProcessingConsent } from './use-analysis';

/** "Reading page 2 of 5", or what the job is doing. */
export function jobText(job: AnalysisJob): string {
  if (job.status === 'waiting') return job.waitsForNetwork ? 'Waiting to be read when you are back online…' : 'Waiting to be read…';
  if (job.status === 'reading') return job.progress ? `Reading page ${job.progress.page} of ${job.progress.pages}` : 'Getting ready to read…';
  if (job.status === 'cancelled') return 'Reading cancelled.';
  if (job.status === 'failed') return 'The text could not be read on this device.';
  return 'Read.';
}

/** `inRow`: inside an upload row, whose own status is the row's one `role="status"`. */
export function JobProgress({ job, onCancel, inRow = false }: { job: AnalysisJob; onCancel: () => void; inRow?: boolean }) {
  const progress = job.progress;
  const value = progress ? ((progress.page - 1 + progress.fraction) / progress.pages) * 100 : undefined;
  return (
    <div className="analysis-job">
      {inRow ? <p aria-live="polite">{jobText(job)}</p> : <p role="status">{jobText(job)}</p>}
      <Progress value={value} label={`Reading progress for ${job.name}`} />
      <Button size="sm" onClick={onCancel}>
        Cancel reading
      </Button>
    </div>
  );
}

type FiledDocument = Pick<DocumentRecord, 'id' | 'category_id' | 'expires_on' | 'issued_on'>;

/** The suggestions of one analysis, each with its source and one-click accept (panel and upload list). */
export function Suggestions({ doc, record, label = 'Suggestions' }: { doc: FiledDocument; record: AnalysisRecord; label?: string }) {
  const client = useSupabase();
  const queryClient = useQueryClient();
  const actions = useDocumentActions();
  const toasts = useToasts().stacked;
  const describeError = useDescribeError();
  const userId = useAuth().user?.id ?? null;
  const categories = useCategories();
  const analysis = record.analysis;
  if (!analysis) return null;
  const settled = new Set(analysis.settled ?? []);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: analysisKeys.detail(doc.id) }),
      queryClient.invalidateQueries({ queryKey: documentKeys.all }),
      queryClient.invalidateQueries({ queryKey: tagKeys.all }),
      queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
    ]);
  const run = async (work: () => Promise<unknown>, success?: string) => {
    try {
      await work();
      if (success) toasts.add({ title: success, variant: 'success' });
    } catch (error) {
      toasts.add({ title: describeError(error), variant: 'error' });
    } finally {
      await refresh();
    }
  };
  const settle = (key: string) => run(() => settleSuggestions(client, doc.id, analysis, [key]));
  const category = analysis.category;
  const applied = analysis.applied;
  const filedThere = category && doc.category_id && categories.data?.find((c) => c.name === category.name)?.id === doc.category_id;
  // Under its threshold a suggestion is a possibility with a plain button, or not shown (ADR 0280).
  const categoryOffer = category ? offerOf(category.confidence) : 'hidden';
  const showCategory = category && categoryOffer !== 'hidden' && !filedThere && !settled.has('category');
  /** Files it under the person's category of that name, made first if they deleted it. */
  const fileUnder = async (name: string) => {
    if (!userId) return;
    const id = await categoryIdFor(client, userId, name).catch(() => undefined);
    if (id && (await actions.update(doc.id, { category_id: id }, `Filed under ${name}`))) await settle('category');
  };
  const tags = (analysis.tags ?? []).filter((t) => offerOf(t.confidence) !== 'hidden' && !settled.has(`tag:${t.name}`));
  const expiry = analysis.expires_on;
  const showExpiry = expiry && expiry.date !== doc.expires_on && !settled.has('expires_on');
  const issued = analysis.issued_on;
  const showIssued = issued && issued.date !== doc.issued_on && !settled.has('issued_on');
  if (!applied && !showCategory && tags.length === 0 && !showExpiry && !showIssued) return null;
  const appliedText = [
    applied?.category ? `Filed automatically as ${applied.category.name}` : null,
    applied?.tags?.length ? `${applied.category ? 'tagged' : 'Tagged automatically'} ${applied.tags.map((t) => t.name).join(', ')}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <PlainList className="analysis-suggestions" aria-label={label}>
      {applied ? (
        <li className="analysis-applied">
          <span aria-live="polite">{appliedText}.</span>
          <span className="analysis-actions">
            <Button size="sm" onClick={() => void run(() => undoApplied(client, doc.id, analysis), 'Undone')}>
              Undo
            </Button>
          </span>
        </li>
      ) : null}
      {showCategory ? (
        <li>
          <span>
            Category: {categoryOffer === 'possible' ? 'possibly ' : ''}
            <strong>{category.name}</strong> {sure(category.confidence)}
          </span>
          <span className="analysis-source">
            {'source' in category && category.source === 'learned'
              ? `Like documents you filed under ${category.name}`
              : `Because it mentions ${category.because.slice(0, 4).map((w) => `“${w}”`).join(', ')}`}
          </span>
          <span className="analysis-actions">
            <Button size="sm" variant={categoryOffer === 'primary' ? 'primary' : 'secondary'} onClick={() => void fileUnder(category.name)}>
              Use {category.name}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => void settle('category')}>
              Dismiss
            </Button>
          </span>
        </li>
      ) : null}
      {tags.map((tag) => (
        <li key={`tag:${tag.name}`}>
          <span>
            Tag: {offerOf(tag.confidence) === 'possible' ? 'possibly ' : ''}
            <strong>{tag.name}</strong> {sure(tag.confidence)}
          </span>
          <span className="analysis-source">{tag.because}</span>
          <span className="analysis-actions">
            <Button size="sm" variant={offerOf(tag.confidence) === 'primary' ? 'primary' : 'secondary'} onClick={() => void run(() => acceptTag(client, doc.id, analysis, tag.name), `Tagged ${tag.name}`)}>
              Add tag {tag.name}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => void settle(`tag:${tag.name}`)} aria-label={`Dismiss tag ${tag.name}`}>
              Dismiss
            </Button>
          </span>
        </li>
      ))}
      {(
        [
          [showExpiry, 'expires_on', expiry, 'Expires on', 'expiry'],
          [showIssued, 'issued_on', issued, 'Issued on', 'issue'],
        ] as const
      ).map(([show, key, suggestion, label, kind]) =>
        show && suggestion ? (
          <li key={key}>
            <span>
              {label} <strong>{formatDate(suggestion.date)}</strong>
            </span>
            <span className="analysis-source">From “{suggestion.source}”</span>
            <span className="analysis-actions">
              <Button size="sm" variant="primary" onClick={() => void actions.update(doc.id, { [key]: suggestion.date }, kind === 'expiry' ? 'Expiry date saved' : 'Issue date saved').then((ok) => (ok ? settle(key) : undefined))}>
                Use this {kind} date
              </Button>
              <Button size="sm" variant="ghost" onClick={() => void settle(key)}>
                Dismiss
              </Button>
            </span>
          </li>
        ) : null,
      )}
    </PlainList>
  );
}

/**
 * In the upload list, under a finished upload: the reading progress ("Reading page 2 of 5",
 * cancellable), then its suggestions to accept right there.
 */
export function UploadAnalysis({ documentId }: { documentId: string }) {
  const client = useSupabase();
  const allowed = useDataProcessingConsent();
  const queue = useAnalysisQueue();
  const snapshot = useAnalysisSnapshot(queue);
  const job = snapshot.jobs.find((j) => j.documentId === documentId);
  const active = job?.status === 'waiting' || job?.status === 'reading';
  const done = job?.status === 'done';
  const record = useQuery({ queryKey: analysisKeys.detail(documentId), queryFn: () => getAnalysis(client, documentId), enabled: allowed && done });
  const doc = useQuery({ queryKey: documentKeys.detail(documentId), queryFn: () => getDocument(client, documentId), enabled: allowed && done });
  if (!allowed || !job) return null;
  if (active && queue) return <JobProgress job={job} onCancel={() => queue.cancel(documentId)} inRow />;
  if (!done) return <p aria-live="polite">{jobText(job)}</p>;
  if (!record.data || !doc.data) return null;
  return (
    <div className="analysis analysis-upload">
      <Suggestions doc={doc.data} record={record.data} label={`Suggestions for ${job.name}`} />
      {/* Compact: the two surest facts; the panel shows them all. */}
      <KeyFacts doc={doc.data} text={record.data.extracted_text} limit={2} minConfidence={0.85} />
    </div>
  );
}
