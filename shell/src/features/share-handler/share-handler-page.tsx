import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Widget } from '@dossier/shared/contract';
import { LOADING_TEXT, formatBytes } from '@dossier/shared/core';
import type { SharedItem } from '../pending-operations';
import { listSharedItems, removeSharedItem, sharedItemFromAddress } from './shared-items';
import './share-handler-page.css';

/** The documents area's upload, offered as a widget; it receives the files and says when done. */
export const UPLOAD_WIDGET = 'documents.upload-dialog';

/**
 * /share-handler: files shared to Dossier from the device. The service worker has already kept
 * them in IndexedDB (POST share target), so a visitor who must sign in first finds them still
 * here afterwards; they leave the store only once uploaded or discarded.
 */
export function ShareHandlerPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [items, setItems] = useState<SharedItem[] | null>(null);
  const fromAddress = sharedItemFromAddress(location.search);

  const reload = useCallback(() => {
    listSharedItems().then(setItems, () => setItems([]));
  }, []);
  useEffect(reload, [reload]);

  const discard = async (id: string) => {
    await removeSharedItem(id);
    reload();
  };

  const uploaded = async (id: string) => {
    await removeSharedItem(id);
    const rest = (await listSharedItems()).length;
    if (rest === 0) navigate('/documents', { replace: true });
    else reload();
  };

  if (items === null) {
    return (
      <div className="share-handler">
        <p role="status">{LOADING_TEXT}</p>
      </div>
    );
  }

  const files = items.flatMap((item) => item.files);
  return (
    <div className="share-handler" aria-labelledby="share-title">
      <h1 id="share-title">Add shared files to Dossier</h1>
      {items.length === 0 && !fromAddress && (
        <p>
          Nothing is waiting here. Share a document to Dossier from another app, or <Link to="/documents">open your documents</Link>.
        </p>
      )}
      {fromAddress && (
        <section aria-label="Shared text" className="share-text">
          {fromAddress.title && <p className="share-title">{fromAddress.title}</p>}
          {fromAddress.text && <p>{fromAddress.text}</p>}
          {fromAddress.url && (
            <p>
              <a href={fromAddress.url} rel="noreferrer noopener" target="_blank">
                {fromAddress.url}
              </a>
            </p>
          )}
        </section>
      )}
      {items.map((item) => (
        <section key={item.id} className="share-item" aria-label={item.title ?? `Shared ${new Date(item.receivedAt).toLocaleString()}`}>
          {item.title && <h2>{item.title}</h2>}
          {item.text && <p>{item.text}</p>}
          <ul className="share-files">
            {item.files.map((file, index) => (
              <li key={`${file.name}-${index}`}>
                <span className="share-file-name">{file.name || 'Shared file'}</span> <span className="share-file-size">{formatBytes(file.size)}</span>
              </li>
            ))}
          </ul>
          <div className="share-upload">
            <Widget name={UPLOAD_WIDGET} placement="share-handler" files={item.files} onComplete={({ stored }) => {
              // Nothing stored: keep the files and their reasons on screen instead of leaving.
              if (stored > 0) void uploaded(item.id);
            }} />
          </div>
          <button type="button" className="share-discard" onClick={() => void discard(item.id)}>
            Discard
          </button>
        </section>
      ))}
      {files.length > 0 && <p className="share-hint">Shared files stay here until they are uploaded or discarded, even if you close Dossier.</p>}
    </div>
  );
}
