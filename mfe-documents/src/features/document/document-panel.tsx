import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Widget, useSupabase, useToasts } from '@dossier/shared';
import { downloadFileName } from '@dossier/shared/core';
import { Badge, Button, NativeSelect, Sheet, TextArea, TextField, useConfirm, useOnline } from '@dossier/shared/ui';
import { listDocumentTagIds } from '../../api/document-tags';
import { documentKeys, getDocument, type DocumentRecord } from '../../api/documents';
import { signedObjectUrl } from '../../api/storage';
import { extractionNotice } from '../../lib/extraction-notice';
import { formatBytes, formatDate } from '../../lib/format';
import { sanitiseFileName } from '@dossier/shared/core';
import { useDescribeError } from '../../lib/query';
import { useDocumentActions } from '../../lib/use-document-actions';
import { useCategories, usePortfolios } from '../../lib/use-lookups';
import { DocumentPreview, NotAvailableOfflineNote } from './document-preview';
import { TagEditor } from './tag-editor';
import { documentTagKey, useFreshestCopy } from './freshest-copy';
import { NamedOptions } from '../../lib/named-options';
import { ShareDialog } from '../share';
import { AnalysisSection } from '../analysis';
import { DocumentHistory } from '../history';
import { draftOf, rebaseDraft, type Draft } from './document-draft';

function DocumentDetails({ doc, tagIds, onClose }: { doc: DocumentRecord; tagIds: readonly string[]; onClose: () => void }) {
  const { confirm, dialog } = useConfirm();
  const client = useSupabase();
  const actions = useDocumentActions();
  const categories = useCategories();
  const portfolios = usePortfolios();
  const toasts = useToasts().stacked;
  const describeError = useDescribeError();
  const [draft, setDraft] = useState<Draft>(() => draftOf(doc));
  // The stored version the draft was last based on, so a reload keeps the person's unsaved edits.
  const base = useRef({ id: doc.id, draft: draftOf(doc) });
  useEffect(() => {
    const next = draftOf(doc);
    const sameDocument = base.current.id === doc.id;
    const previous = base.current.draft;
    setDraft((current) => (sameDocument ? rebaseDraft(current, previous, next) : next));
    base.current = { id: doc.id, draft: next };
  }, [doc]);
  const notice = extractionNotice(doc.extraction_status, doc.mime_type);
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(doc));
  const trashed = Boolean(doc.deleted_at);
  const [sharing, setSharing] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const name = sanitiseFileName(draft.name);
    await actions.update(doc.id, {
      name,
      category_id: draft.category_id || null,
      portfolio_id: draft.portfolio_id || null,
      notes: draft.notes.trim() ? draft.notes.slice(0, 10_000) : null,
      issued_on: draft.issued_on || null,
      expires_on: draft.expires_on || null,
    });
  };

  const download = async () => {
    try {
      const name = downloadFileName({ name: doc.name, storagePath: doc.storage_path, mimeType: doc.mime_type });
      const url = await signedObjectUrl(client, doc.storage_path, name);
      const link = document.createElement('a');
      link.href = url;
      link.rel = 'noopener';
      link.download = name;
      document.body.appendChild(link);
      link.click();
      link.remove();
    } catch (error) {
      toasts.add({ title: describeError(error), variant: 'error' });
    }
  };

  const field = (key: keyof Draft) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value })),
  });

  return (
    <>
      <h2 className="panel-title">{doc.name}</h2>
      <p className="doc-meta">
        <span>{formatBytes(doc.size)}</span>
        <span>Added {formatDate(doc.created_at)}</span>
        {trashed ? <Badge tone="danger">In the trash since {formatDate(doc.deleted_at)}</Badge> : null}
      </p>
      {notice ? (
        <p className="notice" role="note">
          {notice}
        </p>
      ) : null}
      <AnalysisSection doc={doc} />
      <div className="panel-actions">
        <Button onClick={() => void download()}>Download</Button>
        {trashed ? (
          <>
            {/* A restored document leaves the trash view, so its panel closes as it does on Move to trash. */}
            <Button onClick={() => void actions.restore([doc.id]).then((ok) => ok && onClose())}>Restore</Button>
            <Button
              variant="danger"
              onClick={async () => {
                const ok = await confirm({
                  title: `Delete “${doc.name}” permanently?`,
                  description: 'This cannot be undone.',
                  confirmLabel: 'Delete permanently',
                  destructive: true,
                });
                if (ok) void actions.deleteForever([doc]).then((done) => done && onClose());
              }}
            >
              Delete permanently
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => setSharing(true)}>Share</Button>
            {/* The Drive area's button (issue 12): uploads into the portfolio's Drive folder. */}
            <Widget name="drive.save-to-drive" documentId={doc.id} />
            <Button variant="danger" onClick={() => void actions.trash([doc.id]).then((ok) => ok && onClose())}>
              Move to trash
            </Button>
          </>
        )}
      </div>
      {sharing ? <ShareDialog target={{ documentId: doc.id }} title={doc.name} onClose={() => setSharing(false)} /> : null}
      <DocumentPreview document={doc} />
      <form className="document-form" onSubmit={(event) => void save(event)}>
        <div className="wide">
          <TextField label="Name" required maxLength={200} {...field('name')} />
        </div>
        <NativeSelect label="Category" {...field('category_id')}>
          <option value="">No category</option>
          <NamedOptions items={categories.data} />
        </NativeSelect>
        <NativeSelect label="Portfolio" {...field('portfolio_id')}>
          <option value="">No portfolio</option>
          <NamedOptions items={portfolios.data} />
        </NativeSelect>
        <TextField label="Issued on" type="date" {...field('issued_on')} />
        <TextField label="Expires on" type="date" {...field('expires_on')} />
        <div className="wide">
          <TextArea label="Notes" rows={4} maxLength={10_000} {...field('notes')} />
        </div>
        <div className="wide">
          <Button type="submit" variant="primary" disabled={!dirty}>
            Save changes
          </Button>
        </div>
      </form>
      <section aria-label="Document tags">
        <h3>Tags</h3>
        <TagEditor documentIds={[doc.id]} tagIds={tagIds} actions={actions} />
      </section>
      <DocumentHistory documentId={doc.id} />
      {dialog}
    </>
  );
}

/** The open document (?doc=<id>): preview, download, edit, tags, trash. */
export function DocumentPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const client = useSupabase();
  const query = useQuery({ queryKey: documentKeys.detail(id), queryFn: () => getDocument(client, id) });
  useQuery({ queryKey: documentTagKey(id), queryFn: () => listDocumentTagIds(client, id) });
  // What is shown is the newest copy this device holds (the library's row may be newer than the
  // panel's last fetch): offline, that is the only copy there is.
  const copy = useFreshestCopy(id);
  const tagIds = copy.tagIds ?? [];
  const online = useOnline();
  return (
    // The address carries ?doc=<id>: the browser's Back already closes it, so the sheet does not
    // push its own entry. Focus moves into the sheet and returns to the row's button on close.
    <Sheet open onOpenChange={(open) => !open && onClose()} title="Document details" closeLabel="Close document" closeOnBack={false} wide>
      {copy.doc === undefined && query.isPending && (query.fetchStatus === 'paused' || !online) ? (
        // Offline, and this document was never opened on this device (ADR 0191): say so.
        <NotAvailableOfflineNote>
          <Button onClick={onClose}>Close</Button>
        </NotAvailableOfflineNote>
      ) : copy.doc === undefined && query.isPending ? (
        <p role="status">Loading...</p>
      ) : copy.doc ? (
        <DocumentDetails doc={copy.doc} tagIds={tagIds} onClose={onClose} />
      ) : (
        <>
          <p>This document is not available. It may have been deleted.</p>
          <Button onClick={onClose}>Close</Button>
        </>
      )}
    </Sheet>
  );
}
