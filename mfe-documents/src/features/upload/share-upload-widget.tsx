import { useEffect, useRef } from 'react';
import type { WidgetPropsOf } from '@dossier/shared';
import type { DocumentRecord } from '../../api/documents';
import { AreaProviders } from '../../lib/area-providers';
import { UploadRow } from './upload-panel';
import { useUploadManager } from './use-upload-manager';

const FINISHED = new Set(['done', 'refused', 'failed', 'cancelled', 'queued-offline', 'skipped']);

function ShareUpload({ files, onComplete, source, onStored }: { files: readonly File[]; onComplete?: (outcome: { stored: number }) => void; source: 'share' | 'drive'; onStored?: (document: DocumentRecord) => void }) {
  const { manager, snapshot } = useUploadManager(source, null, onStored);
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
    // Settled even when nothing was stored (every file refused or skipped): the caller decides what
    // that means; a Drive import must still reach its summary, the share page keeps the reasons shown.
    if (items.every((item) => FINISHED.has(item.status))) {
      completed.current = true;
      onComplete?.({ stored: items.filter((item) => item.status === 'done' || item.status === 'queued-offline').length });
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
 * (props `files`, `onComplete`), shown by the shell's /share-handler page; the Drive import uses it
 * too (props `source: 'drive'`, `onStored(document)`).
 */
export function ShareUploadWidget({ files, onComplete, source = 'share', onStored }: WidgetPropsOf<'documents.upload-dialog'>) {
  // The Drive import hands its downloaded files over here (source 'drive') and records each stored
  // document's Drive origin through onStored.
  return (
    <AreaProviders>
      <ShareUpload files={files} onComplete={onComplete} source={source} onStored={onStored} />
    </AreaProviders>
  );
}
