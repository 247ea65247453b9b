import { useEffect, useRef } from 'react';
import type { WidgetProps } from '@dossier/shared';
import { AreaProviders } from '../../lib/area-providers';
import { UploadRow } from './upload-panel';
import { useUploadManager } from './use-upload-manager';

const FINISHED = new Set(['done', 'refused', 'failed', 'cancelled', 'queued-offline', 'skipped']);

function ShareUpload({ files, onComplete }: { files: readonly File[]; onComplete?: () => void }) {
  const { manager, snapshot } = useUploadManager('share');
  const added = useRef(false);
  const completed = useRef(false);
  useEffect(() => {
    if (!manager || added.current || files.length === 0) return;
    added.current = true;
    void manager.add(files);
  }, [manager, files]);
  useEffect(() => {
    const { items } = snapshot;
    if (completed.current || items.length < files.length || items.length === 0) return;
    if (items.every((item) => FINISHED.has(item.status)) && items.some((item) => item.status === 'done' || item.status === 'queued-offline')) {
      completed.current = true;
      onComplete?.();
    }
  }, [snapshot, files.length, onComplete]);
  if (!manager) return <p role="status">Sign in to add these files to your documents.</p>;
  return (
    <ul className="upload-list" aria-label="Shared files">
      {snapshot.items.map((item) => (
        <UploadRow key={item.key} item={item} onCancel={() => manager.cancel(item.key)} onDecide={(keep) => manager.resolveDuplicate(item.key, keep)} />
      ))}
    </ul>
  );
}

/**
 * 'documents.upload-dialog': the documents area's upload for files shared from the device
 * (props `files`, `onComplete`), shown by the shell's /share-handler page.
 */
export function ShareUploadWidget(props: WidgetProps) {
  const files = Array.isArray(props.files) ? (props.files as File[]) : [];
  const onComplete = typeof props.onComplete === 'function' ? (props.onComplete as () => void) : undefined;
  return (
    <AreaProviders>
      <ShareUpload files={files} onComplete={onComplete} />
    </AreaProviders>
  );
}
