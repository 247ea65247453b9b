import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useSupabase } from '@dossier/shared';
import { Button, DownloadIcon, FileTypeIcon, IconButton, PHONE_QUERY, Progress, Sheet, TextField, useMediaQuery, PlainList } from '@dossier/shared/ui';
import { downloadFileName, LOADING_TEXT, SHARE_MESSAGES } from '@dossier/shared/core';
import { openSaveSink, uniqueEntryName, ZipWriter } from '@dossier/shared/archive';
import { openSharedLink, sharedFile, type OpenResult, type SharedDocument } from '../../api/share-links';
import { formatBytes } from '../../lib/format';
import { typeLabel } from '../../lib/document-types';
import { BlobPreview, isPreviewable } from '../document';
import { useDescribeError } from '../../lib/query';
import './share.css';

type Opened = Extract<OpenResult, { status: 'ok' }>;
type Phase =
  | { kind: 'loading' }
  | { kind: 'password'; message: string | null; busy: boolean }
  | { kind: 'closed'; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'open'; data: Opened };

// One open per token at a time: a re-mounted page (React's development double effects, a quick
// re-render) must not count a second view of a one-time link.
const opening = new Map<string, Promise<OpenResult>>();
function openOnce(client: ReturnType<typeof useSupabase>, token: string): Promise<OpenResult> {
  let pending = opening.get(token);
  if (!pending) {
    pending = openSharedLink(client, token);
    opening.set(token, pending);
    void pending.catch(() => undefined).finally(() => setTimeout(() => opening.delete(token), 2_000));
  }
  return pending;
}

/** Public pages are never indexed and send no referrer (React 19 hoists these into <head>). */
export function PublicPageMeta() {
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
    </>
  );
}

function saveUrl(url: string, name: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noreferrer noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

function SharedPreview({ visit, doc, onGone }: { visit: string; doc: SharedDocument; onGone: (message: string) => void }) {
  const client = useSupabase();
  const describeError = useDescribeError();
  const [blob, setBlob] = useState<Blob | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setBlob(null);
    setFailed(null);
    (async () => {
      const file = await sharedFile(client, visit, doc.id, 'preview');
      if (file.status !== 'ok') {
        onGone(file.status === 'expired' ? SHARE_MESSAGES.expired : SHARE_MESSAGES.unavailable);
        return;
      }
      const res = await fetch(file.url, { referrerPolicy: 'no-referrer' });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const data = await res.blob();
      if (live) setBlob(data);
    })().catch((error: unknown) => live && setFailed(describeError(error)));
    return () => {
      live = false;
    };
  }, [client, visit, doc.id, onGone, describeError]);
  if (failed) return <p className="preview-note">{failed}</p>;
  if (!blob) return <p role="status">Loading preview…</p>;
  return <BlobPreview data={blob} name={doc.name} mimeType={doc.mime_type} />;
}

/**
 * "Download all" (ADR 0161): the zip is streamed to disk as it is built — each file's signed URL is
 * minted just before its bytes are read, its bytes flow through the zip writer into the save sink
 * (the download service worker; the save picker or memory where there is none), so neither the
 * files nor the zip are ever held whole. `onProgress` hears the share of bytes done.
 */
async function downloadAll(fetchFile: (doc: SharedDocument) => Promise<Response>, docs: SharedDocument[], zipName: string, onProgress: (percent: number) => void) {
  const sink = await openSaveSink({ fileName: zipName, mimeType: 'application/zip' });
  if (!sink) return; // the person closed the save dialog
  const total = docs.reduce((n, d) => n + d.size, 0) || 1;
  let done = 0;
  try {
    const zip = new ZipWriter(sink);
    const taken = new Set<string>();
    for (const doc of docs) {
      // The same name a single download of it gets (the type gives the extension).
      const entry = uniqueEntryName(downloadFileName({ name: doc.name, mimeType: doc.mime_type }), taken);
      await zip.add(entry, await fetchFile(doc), { onBytes: (n) => onProgress(Math.min(99, Math.floor(((done + n) / total) * 100))) });
      done += doc.size;
    }
    await zip.end();
    await sink.close();
    onProgress(100);
  } catch (error) {
    await sink.abort(error);
    throw error;
  }
}

/** A date and time as the visitor's own browser writes them ("4 December 2026 at 10:47"). */
function visitorDateTime(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
}

/** What the visitor may do, in words that match the count (issue 22). */
export function sharedFacts(data: Pick<Opened, 'kind' | 'documents' | 'allow_download' | 'expires_at'>): string {
  const count = data.documents.length;
  const one = data.kind === 'document' || count === 1;
  const parts = [
    data.kind === 'portfolio' ? `${count} ${count === 1 ? 'document' : 'documents'}.` : '',
    data.allow_download ? (one ? 'You may download this file.' : 'You may download these files.') : 'View only: downloads are turned off.',
    data.expires_at ? `Available until ${visitorDateTime(data.expires_at)}.` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/** A document's thumbnail when the link gives one; its type's icon otherwise, or when it fails. */
function SharedThumbnail({ doc }: { doc: SharedDocument }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="shared-icon" aria-hidden="true">
      {doc.thumbnail_url && !failed ? (
        <img src={doc.thumbnail_url} alt="" width={48} height={48} loading="lazy" referrerPolicy="no-referrer" onError={() => setFailed(true)} />
      ) : (
        <FileTypeIcon mimeType={doc.mime_type} />
      )}
    </span>
  );
}

/** The page's heading: the owner's name for the link when they gave one, with what it shares below. */
export function sharedHeading(data: Pick<Opened, 'kind' | 'title' | 'label'>): { title: string; subtitle: string | null } {
  const label = data.label?.trim() ?? '';
  if (!label || label === data.title) return { title: data.title, subtitle: null };
  return { title: label, subtitle: `${data.kind === 'portfolio' ? 'Portfolio' : 'Document'} “${data.title}”` };
}

function OpenedView({ data, onGone }: { data: Opened; onGone: (message: string) => void }) {
  const client = useSupabase();
  const describeError = useDescribeError();
  const [current, setCurrent] = useState<SharedDocument | null>(data.kind === 'document' ? (data.documents[0] ?? null) : null);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [zipPercent, setZipPercent] = useState(0);
  const phone = useMediaQuery(PHONE_QUERY);

  const signedFile = useCallback(
    async (doc: SharedDocument) => {
      const file = await sharedFile(client, data.visit, doc.id, 'download');
      if (file.status !== 'ok') {
        if (file.status !== 'forbidden') onGone(file.status === 'expired' ? SHARE_MESSAGES.expired : SHARE_MESSAGES.unavailable);
        throw new Error(file.status);
      }
      return file;
    },
    [client, data.visit, onGone],
  );

  const download = async (doc: SharedDocument) => {
    setBusy(doc.id);
    try {
      const file = await signedFile(doc);
      saveUrl(file.url, file.file_name);
    } catch (error) {
      setMessage(describeError(error));
    } finally {
      setBusy(null);
    }
  };

  const zipAll = async () => {
    setBusy('all');
    setMessage(null);
    setZipPercent(0);
    try {
      await downloadAll(
        async (doc) => {
          const res = await fetch((await signedFile(doc)).url, { referrerPolicy: 'no-referrer' });
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
          return res;
        },
        data.documents,
        downloadFileName({ name: data.title || 'documents', mimeType: 'application/zip' }),
        setZipPercent,
      );
    } catch (error) {
      if ((error as { name?: string }).name !== 'AbortError') setMessage(describeError(error));
    } finally {
      setBusy(null);
    }
  };

  const preview = (doc: SharedDocument) => (
    <section className="shared-document" aria-label={`Preview of ${doc.name}`}>
      {data.kind === 'document' ? (
        <p className="doc-meta">
          <span>{typeLabel(doc.mime_type)}</span>
          <span>{formatBytes(doc.size)}</span>
        </p>
      ) : phone ? null : (
        <h2>{doc.name}</h2>
      )}
      {data.kind === 'document' && data.allow_download ? (
        <Button variant="primary" disabled={busy !== null} onClick={() => void download(doc)}>
          Download
        </Button>
      ) : null}
      {isPreviewable(doc.mime_type) ? (
        <SharedPreview key={doc.id} visit={data.visit} doc={doc} onGone={onGone} />
      ) : (
        <p className="preview-note">No preview for this type of file.{data.allow_download ? ' Download it to open it.' : ''}</p>
      )}
    </section>
  );

  const heading = sharedHeading(data);
  return (
    <div className="shared-view" data-testid="shared-view">
      <header className="shared-header">
        <h1>{heading.title}</h1>
        {heading.subtitle ? <p className="shared-subtitle">{heading.subtitle}</p> : null}
        {data.description ? <p className="shared-description">{data.description}</p> : null}
        <p className="muted">{sharedFacts(data)}</p>
        {data.kind === 'portfolio' && data.allow_download && data.documents.length > 0 ? (
          <Button variant="primary" disabled={busy !== null} onClick={() => void zipAll()}>
            {busy === 'all' ? `Downloading… ${zipPercent}%` : 'Download all'}
          </Button>
        ) : null}
        {busy === 'all' ? (
          <div className="shared-progress">
            <Progress label="Download all" value={zipPercent} />
          </div>
        ) : null}
        {message ? <p role="alert">{message}</p> : null}
      </header>
      {data.kind === 'portfolio' ? (
        data.documents.length === 0 ? (
          <p className="muted">This portfolio has no documents right now.</p>
        ) : (
          <div className="shared-body">
            <PlainList className="shared-list" aria-label="Shared documents">
              {data.documents.map((doc) => (
                <li key={doc.id} className={current?.id === doc.id ? 'is-current' : undefined}>
                  <SharedThumbnail doc={doc} />
                  <span className="shared-row-text">
                    <button type="button" className="shared-open" aria-pressed={current?.id === doc.id} onClick={() => setCurrent(doc)}>
                      {doc.name}
                    </button>
                    <span className="muted">
                      {typeLabel(doc.mime_type)} · {formatBytes(doc.size)}
                    </span>
                  </span>
                  {data.allow_download ? (
                    <IconButton label={`Download ${doc.name}`} icon={<DownloadIcon />} disabled={busy !== null} onClick={() => void download(doc)} />
                  ) : null}
                </li>
              ))}
            </PlainList>
            {/* The preview opens in view: beside the list on a wide screen, a full-screen sheet on a phone. */}
            {current && phone ? (
              <Sheet open onOpenChange={(open) => !open && setCurrent(null)} title={current.name}>
                {preview(current)}
              </Sheet>
            ) : current ? (
              <div className="shared-aside">{preview(current)}</div>
            ) : (
              <p className="shared-aside shared-hint muted">Choose a document to see it here.</p>
            )}
          </div>
        )
      ) : current ? (
        preview(current)
      ) : null}
    </div>
  );
}

/**
 * What an anonymous visitor sees at /link/{token} and /portfolio/{token}. Every check runs on the
 * server (share-resolve); this only shows its answer, with names and notes as plain text.
 */
export function SharedView({ token }: { token: string }) {
  const client = useSupabase();
  const describeError = useDescribeError();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [password, setPassword] = useState('');

  const answer = useCallback((result: OpenResult) => {
    switch (result.status) {
      case 'ok':
        return setPhase({ kind: 'open', data: result });
      case 'password_required':
        return setPhase({ kind: 'password', message: null, busy: false });
      case 'password_invalid':
        return setPhase({ kind: 'password', message: SHARE_MESSAGES.wrongPassword, busy: false });
      case 'rate_limited':
        return setPhase((p) => (p.kind === 'password' ? { ...p, busy: false, message: SHARE_MESSAGES.tooManyAttempts } : { kind: 'error', message: SHARE_MESSAGES.tooManyAttempts }));
      case 'expired':
        return setPhase({ kind: 'closed', message: SHARE_MESSAGES.expired });
      default:
        return setPhase({ kind: 'closed', message: SHARE_MESSAGES.unavailable });
    }
  }, []);

  useEffect(() => {
    let live = true;
    openOnce(client, token)
      .then((r) => live && answer(r))
      .catch((error: unknown) => live && setPhase({ kind: 'error', message: describeError(error) }));
    return () => {
      live = false;
    };
  }, [client, token, answer, describeError]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPhase({ kind: 'password', message: null, busy: true });
    openSharedLink(client, token, password)
      .then(answer)
      .catch((error: unknown) => setPhase({ kind: 'password', message: describeError(error), busy: false }));
  };
  const onGone = useCallback((message: string) => setPhase({ kind: 'closed', message }), []);

  return (
    <div className="shared-page">
      <PublicPageMeta />
      {phase.kind === 'loading' ? (
        <p role="status">{LOADING_TEXT}</p>
      ) : phase.kind === 'closed' ? (
        <div className="shared-closed" role="alert" data-testid="link-closed">
          <h1>{phase.message}</h1>
          <p className="muted">Ask the person who sent it for a new link.</p>
        </div>
      ) : phase.kind === 'error' ? (
        <div role="alert">
          <p>{phase.message}</p>
          <Button onClick={() => window.location.reload()}>Try Again</Button>
        </div>
      ) : phase.kind === 'password' ? (
        <form className="shared-password" onSubmit={submit}>
          <h1>{SHARE_MESSAGES.passwordRequired}</h1>
          <TextField label="Password" type="password" autoComplete="off" required autoFocus value={password} onChange={(e) => setPassword(e.target.value)} error={phase.message ?? undefined} />
          <Button type="submit" variant="primary" loading={phase.busy}>
            {phase.busy ? 'Checking…' : 'Open'}
          </Button>
        </form>
      ) : (
        <OpenedView data={phase.data} onGone={onGone} />
      )}
    </div>
  );
}
