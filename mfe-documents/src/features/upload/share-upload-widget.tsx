import { useEffect, useRef, useState } from 'react';
import type { WidgetPropsOf } from '@dossier/shared';
import type { DocumentRecord } from '../../api/documents';
import { AreaProviders } from '../../lib/area-providers';
import { DRIVE_UPLOAD_CONCURRENCY, FEED_WINDOW, feedUploads, isFileFeed } from './feed-uploads';
import { UploadRow } from './upload-panel';
import { useUploadManager } from './use-upload-manager';

const FINISHED = new Set(['done', 'refused', 'failed', 'cancelled', 'queued-offline', 'skipped']);

type ShareUploadProps = Omit<WidgetPropsOf<'documents.upload-dialog'>, 'source' | 'onStored'> & { source: 'share' | 'drive'; onStored?: (document: DocumentRecord) => void };

function ShareUpload({ files, onComplete, source, onStored, driveOrigin, knownDuplicates, onAlreadyImported, onNotStored }: ShareUploadProps) {
  const { manager, snapshot } = useUploadManager(source, null, onStored, { concurrency: source === 'drive' ? DRIVE_UPLOAD_CONCURRENCY : undefined, driveOrigin, knownDuplicates, onAlreadyImported, onNotStored });
  const added = useRef(false);
  const completed = useRef(false);
  // How many files the caller handed over; null while a feed is still arriving.
  const [expected, setExpected] = useState<number | null>(isFileFeed(files) ? null : files.length);
  const feed = useRef<{ files: AsyncIterable<File>; iterator: AsyncIterator<File>; added: number } | null>(null);
  useEffect(() => {
    if (!manager) return undefined;
    if (!isFileFeed(files)) {
      if (added.current || files.length === 0) return undefined;
      added.current = true;
      void manager.add(files);
      return undefined;
    }
    if (feed.current?.files !== files) feed.current = { files, iterator: files[Symbol.asyncIterator](), added: 0 };
    const current = feed.current;
    const stop = new AbortController();
    void feedUploads(manager, current.iterator, { window: FEED_WINDOW, signal: stop.signal, onAdded: () => (current.added += 1) }).then(
      (end) => end === 'done' && setExpected(current.added),
      () => setExpected(current.added),
    );
    return () => stop.abort();
  }, [manager, files]);
  useEffect(() => {
    const { items } = snapshot;
    if (completed.current || expected === null || items.length < expected) return;
    // An array of no files is nothing to do; a feed that ended without a file has settled.
    if (items.length === 0 && !isFileFeed(files)) return;
    // Settled even when nothing was stored (every file refused or skipped): the caller decides what
    // that means; a Drive import must still reach its summary, the share page keeps the reasons shown.
    if (items.every((item) => FINISHED.has(item.status))) {
      completed.current = true;
      onComplete?.({ stored: items.filter((item) => item.status === 'done' || item.status === 'queued-offline').length });
    }
  }, [snapshot, expected, files, onComplete]);
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
 * too (props `source: 'drive'`, `onStored(document)`), handing its files over as an async iterable
 * while they download (ADR 0235).
 */
export function ShareUploadWidget({ files, onComplete, source = 'share', onStored, driveOrigin, knownDuplicates, onAlreadyImported, onNotStored }: WidgetPropsOf<'documents.upload-dialog'>) {
  // The Drive import hands its files over here as they download (source 'drive') and records each
  // stored document's Drive origin through onStored.
  return (
    <AreaProviders>
      <ShareUpload files={files} onComplete={onComplete} source={source} onStored={onStored} driveOrigin={driveOrigin} knownDuplicates={knownDuplicates} onAlreadyImported={onAlreadyImported} onNotStored={onNotStored} />
    </AreaProviders>
  );
}
