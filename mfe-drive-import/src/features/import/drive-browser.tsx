import { useEffect, useState } from 'react';
import { DriveError, formatBytes } from '@dossier/shared/core';
import { Button, EmptyState, NativeSelect, Skeleton, TextField, PlainList } from '@dossier/shared/ui';
import { isFolder, isNativeDocument, type DriveFile, type DriveFileFilter, type DriveFolder } from '../../drive/drive-client';
import { useDrive } from '../../lib/use-drive';
import { DriveFileRow, DriveFolderRow } from './drive-rows';

const FILTERS: Array<{ value: DriveFileFilter; label: string }> = [
  { value: 'all', label: 'All files' },
  { value: 'pdf', label: 'PDF' },
  { value: 'documents', label: 'PDF, Word and Google documents' },
  { value: 'images', label: 'Images' },
];

type Crumb = { id: string; name: string };

/** Drive reports sizes as decimal strings; folders and native documents have none. */
const formatSize = (size?: string) => (size ? formatBytes(Number(size)) : '');

function kindLabel(mime: string): string {
  if (mime === 'application/pdf') return 'PDF';
  if (isNativeDocument(mime)) return 'Google document';
  if (mime.startsWith('image/')) return 'Image';
  if (mime.includes('word')) return 'Word';
  return 'File';
}

/** The Drive browser: breadcrumbs, folders, files by 50 with Load more, filters, name search, multi-select. */
export function DriveBrowser({ onImport }: { onImport: (files: DriveFile[], folder?: string) => void }) {
  const { client, connection } = useDrive();
  const [path, setPath] = useState<Crumb[]>([{ id: 'root', name: 'My Drive' }]);
  const [filter, setFilter] = useState<DriveFileFilter>('all');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [folders, setFolders] = useState<DriveFolder[]>([]);
  const [files, setFiles] = useState<DriveFile[]>([]);
  const [nextPage, setNextPage] = useState<string | undefined>();
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<DriveError | null>(null);
  const [selected, setSelected] = useState<Map<string, DriveFile>>(new Map());
  const [counting, setCounting] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const folderId = path[path.length - 1].id;

  useEffect(() => {
    const t = setTimeout(() => setQuery(search.trim()), 300);
    return () => clearTimeout(t);
  }, [search]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    Promise.all([query ? Promise.resolve([]) : client.listFolders(folderId), client.listFiles({ parentId: folderId, filter, search: query })])
      .then(([f, page]) => {
        if (!live) return;
        setFolders(f);
        setFiles(page.files);
        setNextPage(page.nextPageToken);
      })
      .catch((e: unknown) => live && setError(e instanceof DriveError ? e : null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [client, folderId, filter, query, reload]);

  const loadMore = async () => {
    if (!nextPage) return;
    setLoadingMore(true);
    try {
      const page = await client.listFiles({ parentId: folderId, filter, search: query, pageToken: nextPage });
      setFiles((prev) => [...prev, ...page.files]);
      setNextPage(page.nextPageToken);
    } catch (e) {
      setError(e instanceof DriveError ? e : null);
    } finally {
      setLoadingMore(false);
    }
  };

  const toggle = (file: DriveFile, on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (on) next.set(file.id, file);
      else next.delete(file.id);
      return next;
    });

  const importFolder = async (folder: DriveFolder) => {
    setCounting(folder.id);
    try {
      const tree = await client.listTree(folder.id, filter);
      onImport(tree, `the folder “${folder.name}”`);
    } catch (e) {
      setError(e instanceof DriveError ? e : null);
    } finally {
      setCounting(null);
    }
  };

  const open = (folder: DriveFolder) => {
    setSearch('');
    setQuery('');
    setPath((p) => [...p, { id: folder.id, name: folder.name }]);
  };

  return (
    <div className="drive-browser">
      <nav aria-label="Folder path" className="drive-crumbs">
        <ol>
          {path.map((c, i) => (
            <li key={c.id}>
              {i < path.length - 1 ? (
                <button type="button" className="drive-link" onClick={() => setPath((p) => p.slice(0, i + 1))}>
                  {c.name}
                </button>
              ) : (
                <span aria-current="location">{c.name}</span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div className="drive-tools">
        <TextField label="Search Drive by name" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        <NativeSelect label="Show" value={filter} onChange={(e) => setFilter(e.target.value as DriveFileFilter)}>
          {FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      {error ? (
        <div role="alert" className="drive-alert drive-error">
          <strong>{error.title}</strong>
          <span>{error.displayMessage}</span>
          <Button
            onClick={async () => {
              if (error.driveErrorType === 'folder_not_found') setPath([{ id: 'root', name: 'My Drive' }]);
              // SPEC §4: an expired or refused token leads to a new consent.
              if (error.driveErrorType === 'authentication_expired' || error.driveErrorType === 'authentication_failed') await connection.connect().catch(() => undefined);
              setReload((n) => n + 1);
            }}
          >
            {error.action}
          </Button>
        </div>
      ) : null}
      {loading ? (
        <div aria-busy="true" aria-label="Loading Drive" className="drive-skeletons">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height={44} />
          ))}
        </div>
      ) : (
        <>
          {folders.length + files.length === 0 && !error ? (
            <EmptyState title={query ? `Nothing named “${query}”` : 'This folder is empty'} description={filter !== 'all' ? 'Try showing all files.' : undefined} headingLevel={3} />
          ) : null}
          {folders.length > 0 ? (
            <PlainList className="drive-list" aria-label="Folders">
              {folders.map((f) => (
                <DriveFolderRow key={f.id} folder={f} counting={counting === f.id} onOpen={() => open(f)} onImport={() => void importFolder(f)} />
              ))}
            </PlainList>
          ) : null}
          {files.length > 0 ? (
            <PlainList className="drive-list" aria-label="Files">
              {files.filter((f) => !isFolder(f)).map((f) => (
                <DriveFileRow
                  key={f.id}
                  file={f}
                  details={[kindLabel(f.mimeType), new Date(f.modifiedTime).toLocaleDateString(), formatSize(f.size)].filter(Boolean).join(' · ')}
                  selected={selected.has(f.id)}
                  onToggle={(v) => toggle(f, v)}
                />
              ))}
            </PlainList>
          ) : null}
          {nextPage ? (
            <Button loading={loadingMore} onClick={() => void loadMore()}>
              Load more
            </Button>
          ) : null}
        </>
      )}
      <div className="drive-footer">
        <span role="status">{selected.size === 0 ? 'No files selected' : `${selected.size} selected`}</span>
        <Button variant="primary" disabled={selected.size === 0} onClick={() => onImport([...selected.values()])}>
          Import selected
        </Button>
      </div>
    </div>
  );
}
