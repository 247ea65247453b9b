import { useEffect, useRef, useState } from 'react';
import { useSupabase, type WidgetPropsOf } from '@dossier/shared';
import { PlainList } from '@dossier/shared/ui';
import { AreaProviders } from '../../lib/area-providers';
import { IMPORT_UPLOAD_CONCURRENCY, isFileFeed } from './feed-uploads';
import { importFiles, importIntake, lookUpChecksums } from './import-pipeline';
import { UploadRow } from './upload-panel';
import { useUploadManager } from './use-upload-manager';

const FINISHED = new Set(['done', 'refused', 'failed', 'cancelled', 'queued-offline', 'skipped']);

type Props = WidgetPropsOf<'documents.upload-dialog'>;

function ShareUpload({ files, onComplete, source = 'share', expectedChecksums, origin, onStored, onNotStored }: Props) {
  const client = useSupabase();
  // The import's side (duplicate answers for the expected contents, each file's origin), read
  // through a ref so the newest props answer.
  const feedProps = useRef({ expectedChecksums, origin });
  feedProps.current = { expectedChecksums, origin };
  const [intake] = useState(() => importIntake(lookUpChecksums(client), () => feedProps.current));
  const { manager, snapshot } = useUploadManager(source, null, onStored, {
    concurrency: isFileFeed(files) ? IMPORT_UPLOAD_CONCURRENCY : undefined,
    ...intake.deps,
    onAlreadyImported: (document, file) => onNotStored?.(file, { status: 'already-stored', document }),
    onNotStored,
  });
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
      void intake.ready().then(() => manager.add(files));
      return undefined;
    }
    if (feed.current?.files !== files) feed.current = { files, iterator: files[Symbol.asyncIterator](), added: 0 };
    const current = feed.current;
    const stop = new AbortController();
    void importFiles(manager, intake, current.iterator, { signal: stop.signal, onAdded: () => (current.added += 1) }).then(
      (end) => end === 'done' && setExpected(current.added),
      () => setExpected(current.added),
    );
    return () => stop.abort();
  }, [manager, files, intake]);
  useEffect(() => {
    const { items } = snapshot;
    if (completed.current || expected === null || items.length < expected) return;
    // An array of no files is nothing to do; a feed that ended without a file has settled.
    if (items.length === 0 && !isFileFeed(files)) return;
    // Settled even when nothing was stored (every file refused or skipped): the caller decides what
    // that means; an import must still reach its summary, the share page keeps the reasons shown.
    if (items.every((item) => FINISHED.has(item.status))) {
      completed.current = true;
      onComplete?.({ stored: items.filter((item) => item.status === 'done' || item.status === 'queued-offline').length });
    }
  }, [snapshot, expected, files, onComplete]);
  if (!manager) return <p role="status">Sign in to add these files to your documents.</p>;
  return (
    <PlainList className="upload-list" aria-label="Shared files">
      {snapshot.items.map((item) => (
        <UploadRow key={item.key} item={item} onCancel={() => manager.cancel(item.key)} onDecide={(keep) => manager.resolveDuplicate(item.key, keep)} />
      ))}
    </PlainList>
  );
}

/**
 * 'documents.upload-dialog': the documents area's upload of files handed over by another part of
 * the app — the shell's /share-handler page (an array) or an import (an async iterable of files
 * as they download, ADR 0235; its expected contents and each file's origin). An import runs the
 * area's import pipeline (./import-pipeline.ts), as `bench/drive.ts` does.
 */
export function ShareUploadWidget(props: Props) {
  return (
    <AreaProviders>
      <ShareUpload {...props} />
    </AreaProviders>
  );
}
