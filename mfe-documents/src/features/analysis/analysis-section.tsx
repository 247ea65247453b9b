import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth, useSupabase } from '@dossier/shared';
import { Badge, Button, Progress, TextArea } from '@dossier/shared/ui';
import { categoryKeys, createCategory, listCategoriesWithCounts } from '../../api/categories';
import { analysisKeys, getAnalysis, saveAnalysis, type AnalysisRecord } from '../../api/document-analysis';
import { documentKeys, type DocumentRecord } from '../../api/documents';
import { formatDate } from '../../lib/format';
import { useDocumentActions } from '../../lib/use-document-actions';
import { useCategories } from '../../lib/use-lookups';
import type { AnalysisJob } from './analysis-queue';
import { canReadWithOcr } from './ocr-support';
import type { DocumentAnalysis } from './suggestions';
import { useAnalysisQueue, useAnalysisSnapshot, useDataProcessingConsent } from './use-analysis';
import './analysis.css';

export const ANALYSIS_OFF_TEXT =
  'Analysis is off, so Dossier does not read scans and photos, suggest a category or find expiry dates. It all happens on this device; switch on “Data processing” in Privacy settings to use it.';

/** "Reading page 2 of 5", or what the job is doing. */
export function jobText(job: AnalysisJob): string {
  if (job.status === 'waiting') return 'Waiting to be read…';
  if (job.status === 'reading') return job.progress ? `Reading page ${job.progress.page} of ${job.progress.pages}` : 'Getting ready to read…';
  if (job.status === 'cancelled') return 'Reading cancelled.';
  if (job.status === 'failed') return 'The text could not be read on this device.';
  return 'Read.';
}

function JobProgress({ job, onCancel }: { job: AnalysisJob; onCancel: () => void }) {
  const progress = job.progress;
  const value = progress ? ((progress.page - 1 + progress.fraction) / progress.pages) * 100 : undefined;
  return (
    <div className="analysis-job">
      <p role="status">{jobText(job)}</p>
      <Progress value={value} label={`Reading progress for ${job.name}`} />
      <Button size="sm" onClick={onCancel}>
        Cancel reading
      </Button>
    </div>
  );
}

type SettledKey = NonNullable<DocumentAnalysis['settled']>[number];

function Suggestions({ doc, record }: { doc: DocumentRecord; record: AnalysisRecord }) {
  const client = useSupabase();
  const queryClient = useQueryClient();
  const actions = useDocumentActions();
  const categories = useCategories();
  const userId = useAuth().user?.id ?? null;
  const analysis = record.analysis;
  if (!analysis) return null;
  const settled = new Set(analysis.settled ?? []);
  const settle = async (key: SettledKey) => {
    await saveAnalysis(client, doc.id, { analysis: { ...analysis, settled: [...settled, key] } });
    await queryClient.invalidateQueries({ queryKey: analysisKeys.detail(doc.id) });
  };
  const category = analysis.category;
  const categoryId = category ? categories.data?.find((c) => c.name === category.name)?.id : undefined;
  const showCategory = category && (!categoryId || categoryId !== doc.category_id) && !settled.has('category');
  /** Files it under the person's category of that name, made first if they deleted it. */
  const fileUnder = async (name: string) => {
    let id = categoryId;
    if (!id && userId) {
      await createCategory(client, userId, name);
      const list = await queryClient.fetchQuery({ queryKey: categoryKeys.counts(), queryFn: () => listCategoriesWithCounts(client), staleTime: 0 });
      id = list.find((c) => c.name === name)?.id;
    }
    if (id && (await actions.update(doc.id, { category_id: id }, `Filed under ${name}`))) await settle('category');
  };
  const expiry = analysis.expires_on;
  const showExpiry = expiry && expiry.date !== doc.expires_on && !settled.has('expires_on');
  const issued = analysis.issued_on;
  const showIssued = issued && issued.date !== doc.issued_on && !settled.has('issued_on');
  if (!showCategory && !showExpiry && !showIssued) return null;
  return (
    <ul className="analysis-suggestions" aria-label="Suggestions">
      {showCategory ? (
        <li>
          <span>
            Category: <strong>{category.name}</strong> <Badge tone="accent">{Math.round(category.confidence * 100)}% sure</Badge>
          </span>
          <span className="analysis-source">Because it mentions {category.because.slice(0, 4).map((w) => `“${w}”`).join(', ')}</span>
          <span className="analysis-actions">
            <Button size="sm" variant="primary" onClick={() => void fileUnder(category.name)}>
              Use {category.name}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => void settle('category')}>
              Dismiss
            </Button>
          </span>
        </li>
      ) : null}
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
    </ul>
  );
}

/** The text OCR read, which the person can correct (it is what search finds). */
function ReadText({ doc, record }: { doc: DocumentRecord; record: AnalysisRecord }) {
  const client = useSupabase();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(record.extracted_text ?? '');
  useEffect(() => setDraft(record.extracted_text ?? ''), [record.extracted_text]);
  const save = async () => {
    await saveAnalysis(client, doc.id, { extracted_text: draft.trim() || null, extraction_status: draft.trim() ? 'done' : 'none', text_source: 'person' });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: analysisKeys.detail(doc.id) }),
      queryClient.invalidateQueries({ queryKey: documentKeys.lists() }),
    ]);
  };
  return (
    <details className="analysis-text">
      <summary>{record.text_source === 'person' ? 'Text (corrected by you)' : 'Text read on this device'}</summary>
      <TextArea label="Recognised text" rows={6} maxLength={1_000_000} value={draft} onChange={(e) => setDraft(e.target.value)} />
      <Button size="sm" disabled={draft === (record.extracted_text ?? '')} onClick={() => void save()}>
        Save text
      </Button>
    </details>
  );
}

/** The document panel's analysis: progress of reading, suggestions with their source, the text. */
export function AnalysisSection({ doc }: { doc: DocumentRecord }) {
  const client = useSupabase();
  const allowed = useDataProcessingConsent();
  const queue = useAnalysisQueue();
  const snapshot = useAnalysisSnapshot(queue);
  const job = snapshot.jobs.find((j) => j.documentId === doc.id);
  const active = job && (job.status === 'waiting' || job.status === 'reading');
  const record = useQuery({ queryKey: analysisKeys.detail(doc.id), queryFn: () => getAnalysis(client, doc.id), enabled: !active });
  const trashed = Boolean(doc.deleted_at);

  if (!allowed) {
    return (
      <section className="analysis" aria-label="Analysis">
        <p className="notice" role="note">
          {ANALYSIS_OFF_TEXT} <Link to="/privacy-settings">Open Privacy settings</Link>
        </p>
      </section>
    );
  }
  if (trashed) return null;
  const data = record.data;
  const readable = canReadWithOcr(doc.mime_type);
  return (
    <section className="analysis" aria-label="Analysis">
      {active && queue ? <JobProgress job={job} onCancel={() => queue.cancel(doc.id)} /> : null}
      {!active && job && job.status !== 'done' ? <p role="status">{jobText(job)}</p> : null}
      {!active && data && !data.analysed_at ? (
        <Button size="sm" onClick={() => queue?.offer(doc)}>
          {readable ? 'Read text now' : 'Analyse now'}
        </Button>
      ) : null}
      {!active && data?.analysed_at && data.analysis?.no_text && readable && doc.extraction_status !== 'done' ? (
        <p className="notice" role="note">
          No text was found in this {doc.mime_type === 'application/pdf' ? 'PDF' : 'image'}, so only its name, notes and tags are searchable.
        </p>
      ) : null}
      {!active && data ? <Suggestions doc={doc} record={data} /> : null}
      {!active && data && data.text_source ? <ReadText doc={doc} record={data} /> : null}
    </section>
  );
}
