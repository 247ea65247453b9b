import { Button, ButtonGroup, IconButton, CloseIcon, PlusIcon, PlainList } from '@dossier/shared/ui';
import { useCallback, useEffect, useRef, type MutableRefObject, type ReactNode } from 'react';
import { formatBytes } from '../../lib/format';
import { UploadAnalysis } from '../analysis';
import type { UploadItem, UploadStatus } from './upload-manager';
import { uploadSummary } from './upload-report';
import { useFileDropAndPaste } from './use-file-drop';
import { useUploadLimit, useUploadManager } from './use-upload-manager';
import { useAddPanel } from './use-add-panel';

const STATUS_TEXT: Record<UploadStatus, string> = {
  checking: 'Checking…',
  refused: 'Not uploaded',
  duplicate: 'Already in your documents',
  waiting: 'Waiting…',
  uploading: 'Uploading…',
  saving: 'Saving…',
  done: 'Uploaded',
  failed: 'Failed',
  cancelled: 'Cancelled',
  'queued-offline': 'Queued until online',
  skipped: 'Skipped',
};

const ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,.heic,.heif,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.rtf,.txt,.md,.csv,application/pdf,image/*,text/plain';

function percent(loaded: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
}

export function UploadRow({ item, onCancel, onDecide }: { item: UploadItem; onCancel: () => void; onDecide: (keep: boolean) => void }) {
  const inFlight = item.status === 'uploading' || item.status === 'saving' || item.status === 'waiting' || item.status === 'checking';
  return (
    <li className={`upload-row upload-${item.status}`} data-testid="upload-row">
      <div className="upload-row-head">
        <span className="upload-name">{item.name}</span>
        <span className="upload-size">{formatBytes(item.size)}</span>
        <span className="upload-status" role="status">
          {STATUS_TEXT[item.status]}
        </span>
      </div>
      {item.status === 'uploading' || item.status === 'saving' || item.status === 'waiting' || item.status === 'done' ? (
        <progress
          className="upload-progress"
          max={100}
          value={item.status === 'done' ? 100 : percent(item.loaded, item.size)}
          aria-label={`Upload progress for ${item.name}`}
        />
      ) : null}
      {item.message ? <p className={item.status === 'refused' || item.status === 'failed' ? 'upload-error' : 'upload-note'}>{item.message}</p> : null}
      {item.status === 'duplicate' ? (
        <div className="upload-duplicate" role="group" aria-label={`Duplicate of ${item.name}`}>
          <p>
            You already have this file
            {item.duplicates && item.duplicates.length > 0 ? (
              <>
                {' as “'}
                {item.duplicates[0].name}
                {'”'}
                {item.duplicates[0].deleted_at ? ' (in the trash)' : ''}
              </>
            ) : null}
            . Keep both?
          </p>
          <ButtonGroup>
            <Button variant="primary" size="sm" onClick={() => onDecide(true)}>
              Keep both
            </Button>
            <Button size="sm" onClick={() => onDecide(false)}>
              Skip
            </Button>
          </ButtonGroup>
        </div>
      ) : null}
      {item.status === 'done' ? <UploadAnalysis documentId={item.documentId} /> : null}
      {inFlight ? (
        <button type="button" className="link-button" onClick={onCancel} aria-label={`Cancel upload of ${item.name}`}>
          Cancel
        </button>
      ) : null}
    </li>
  );
}

/**
 * Upload button, page-wide drop and paste, and the progress of every file. `moreActions` (the
 * Drive import) sit beside the button. On a phone the actions fold into one floating "Add
 * documents" button that opens them as a bottom panel (issue 22: the list is the page); the
 * progress stays in the page. The same elements at every size (CSS decides), so nothing they
 * hold — an open Drive dialog — is lost when the window is resized.
 */
export function UploadPanel({
  categoryId = null,
  moreActions,
  chooseFilesRef,
}: {
  categoryId?: string | null;
  moreActions?: ReactNode;
  /** Filled with "open the file picker" once uploads can start, so the empty library's own button opens the same picker. */
  chooseFilesRef?: MutableRefObject<(() => void) | null>;
}) {
  const { manager, snapshot } = useUploadManager('upload', categoryId);
  const limit = useUploadLimit();
  const input = useRef<HTMLInputElement>(null);
  const addFiles = useCallback((files: File[]) => void manager?.add(files), [manager]);
  useEffect(() => {
    if (!chooseFilesRef) return;
    chooseFilesRef.current = manager ? () => input.current?.click() : null;
    return () => {
      chooseFilesRef.current = null;
    };
  }, [chooseFilesRef, manager]);
  const dragging = useFileDropAndPaste(addFiles, Boolean(manager));
  const { items, overall, active } = snapshot;
  const add = useAddPanel();

  return (
    <section className="upload-panel" aria-label="Upload">
      <div className="upload-fab">
        <Button variant="primary" size="lg" icon={<PlusIcon />} aria-expanded={add.open} aria-controls="upload-actions" onClick={add.toggle} ref={add.trigger}>
          Add documents
        </Button>
      </div>
      <div className="upload-actions" id="upload-actions" data-open={add.open || undefined} ref={add.panel} onKeyDown={add.onKeyDown}>
        <div className="upload-actions-head">
          <h2 className="upload-actions-title">Add documents</h2>
          <IconButton label="Close" icon={<CloseIcon />} onClick={() => add.close()} />
        </div>
        <Button
          variant="primary"
          onClick={() => {
            add.close({ focusTrigger: false });
            input.current?.click();
          }}
          disabled={!manager}
        >
          Upload files
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={ACCEPT}
          aria-label="Choose files to upload"
          data-testid="upload-input"
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? []);
            event.currentTarget.value = '';
            if (files.length > 0) addFiles(files);
          }}
        />
        <span className="upload-hint">or drop or paste files anywhere on this page · PDF, images, Office, text · up to {formatBytes(limit)}</span>
        {moreActions}
      </div>
      {items.length > 0 ? (
        <div className="upload-list">
          <div className="upload-overall">
            <progress max={100} value={percent(overall.loaded, overall.total)} aria-label="Overall upload progress" />
            <span>
              {formatBytes(overall.loaded)} of {formatBytes(overall.total)}
            </span>
            {active ? (
              <button type="button" className="link-button" onClick={() => manager?.cancelAll()}>
                Cancel all
              </button>
            ) : (
              <button type="button" className="link-button" onClick={() => manager?.clearFinished()}>
                Clear
              </button>
            )}
          </div>
          {/* Once nothing is running: what happened to the files just added, failures and why first
              in mind, and any earlier failure still listed. */}
          {!active ? <p className="upload-summary" aria-live="polite">{uploadSummary(items)}</p> : null}
          {/* Scrolls past a few files (280 px): focusable and named, so a keyboard can scroll it
              once every row is only text (finished uploads have no buttons). */}
          <PlainList tabIndex={0} aria-label="Files in this upload">
            {items.map((item) => (
              <UploadRow
                key={item.key}
                item={item}
                onCancel={() => manager?.cancel(item.key)}
                onDecide={(keep) => manager?.resolveDuplicate(item.key, keep)}
              />
            ))}
          </PlainList>
        </div>
      ) : null}
      {dragging ? (
        <div className="drop-overlay" aria-hidden="true">
          Drop files to upload
        </div>
      ) : null}
    </section>
  );
}
