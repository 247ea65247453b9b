import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAuth, useSupabase } from '@dossier/shared';
import { recallRecentFile, rememberRecentFile } from '@dossier/shared/core';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { DocumentRecord } from '../../api/documents';
import { downloadObject } from '../../api/storage';
import { typeGroupOf } from '../../lib/document-types';
import { loadPdfJs } from '../../lib/pdf';

const PAGES_AT_ONCE = 3;

function PdfPages({ data, name }: { data: Blob; name: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [pages, setPages] = useState(0);
  const [shown, setShown] = useState(PAGES_AT_ONCE);
  const [failed, setFailed] = useState(false);
  const pdfRef = useRef<import('pdfjs-dist').PDFDocumentProxy | null>(null);

  useEffect(() => {
    let live = true;
    let task: { promise: Promise<unknown>; destroy(): Promise<void> } | null = null;
    (async () => {
      try {
        const pdfjs = await loadPdfJs();
        const loading = pdfjs.getDocument({ data: new Uint8Array(await data.arrayBuffer()) });
        task = loading;
        loading.onPassword = () => void loading.destroy();
        const pdf = await loading.promise;
        if (!live) return;
        pdfRef.current = pdf;
        setPages(pdf.numPages);
      } catch {
        if (live) setFailed(true);
      }
    })();
    return () => {
      live = false;
      void task?.destroy();
    };
  }, [data]);

  useEffect(() => {
    const pdf = pdfRef.current;
    const container = host.current;
    if (!pdf || !container) return;
    let live = true;
    (async () => {
      for (let n = container.childElementCount + 1; n <= Math.min(shown, pages) && live; n += 1) {
        const page = await pdf.getPage(n);
        const viewport = page.getViewport({ scale: Math.min(1.5, 640 / page.getViewport({ scale: 1 }).width) });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `Page ${n} of ${name}`);
        canvas.className = 'pdf-page';
        container.appendChild(canvas);
        await page.render({ canvas, viewport }).promise;
      }
    })().catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [pages, shown, name]);

  if (failed) return <p className="preview-note">This PDF cannot be previewed. You can still download it.</p>;
  return (
    <div className="pdf-preview" data-testid="pdf-preview">
      {pages === 0 ? <p role="status">Loading preview…</p> : <p className="preview-note">{pages === 1 ? '1 page' : `${pages} pages`}</p>}
      <div ref={host} className="pdf-pages" />
      {shown < pages ? (
        <button type="button" className="link-button" onClick={() => setShown((n) => n + PAGES_AT_ONCE)}>
          Show more pages
        </button>
      ) : null}
    </div>
  );
}

function ImagePreview({ data, name }: { data: Blob; name: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [data]);
  return url ? <img className="image-preview" src={url} alt={name} /> : null;
}

function TextPreview({ data }: { data: Blob }) {
  const [text, setText] = useState('');
  useEffect(() => {
    void data
      .slice(0, 200_000)
      .text()
      .then(setText);
  }, [data]);
  return <pre className="text-preview">{text}</pre>;
}

/** Whether a type can be previewed in the browser (HEIC/HEIF images cannot). */
export function isPreviewable(mimeType: string): boolean {
  const group = typeGroupOf(mimeType);
  return group === 'pdf' || group === 'text' || (group === 'image' && !/hei[cf]/.test(mimeType));
}

/** The preview of a file already in memory (also used by shared links). */
export function BlobPreview({ data, name, mimeType }: { data: Blob; name: string; mimeType: string }) {
  const group = typeGroupOf(mimeType);
  if (group === 'pdf') return <PdfPages data={data} name={name} />;
  if (group === 'text') return <TextPreview data={data} />;
  return <ImagePreview data={data} name={name} />;
}

/** Thrown when offline for a file this device did not keep (never opened here, or evicted). */
export class NotAvailableOffline extends Error {
  override name = 'NotAvailableOffline';
}

export const NOT_AVAILABLE_OFFLINE = {
  title: 'Not available offline',
  description: 'This document has not been opened on this device recently, so its preview is not saved here. It opens as soon as you are back online.',
};

/** The clear offline state of a document this device did not keep. */
export function NotAvailableOfflineNote({ children }: { children?: ReactNode }) {
  return (
    <div className="preview-note preview-offline" role="status" data-testid="preview-not-offline">
      <strong>{NOT_AVAILABLE_OFFLINE.title}</strong>
      <p>{NOT_AVAILABLE_OFFLINE.description}</p>
      {children}
    </div>
  );
}

/**
 * A document's file for its preview: downloaded when online (and kept, bounded, for offline — the
 * recently opened files of ADR 0191), from the device's copy when offline or when the download fails.
 */
export async function previewFile(client: SupabaseClient, userId: string | undefined, path: string, online = navigator.onLine !== false): Promise<Blob> {
  const kept = () => (userId ? recallRecentFile(userId, path).catch(() => undefined) : Promise.resolve(undefined));
  if (!online) {
    const blob = await kept();
    if (blob) return blob;
    throw new NotAvailableOffline('not kept on this device');
  }
  try {
    const blob = await downloadObject(client, path);
    if (userId) void rememberRecentFile(userId, path, blob).catch(() => undefined);
    return blob;
  } catch (error) {
    const blob = await kept();
    if (blob) return blob;
    throw error;
  }
}

/** PDF pages through pdf.js, images, plain text; other types offer the download. */
export function DocumentPreview({ document: doc }: { document: DocumentRecord }) {
  const client = useSupabase();
  const userId = useAuth().user?.id;
  const previewable = isPreviewable(doc.mime_type);
  const blob = useQuery({
    queryKey: ['documents', 'object', doc.storage_path],
    queryFn: () => previewFile(client, userId, doc.storage_path),
    enabled: previewable,
    staleTime: Infinity,
    // Runs offline too: the device's copy answers, or "not available offline" at once.
    networkMode: 'always',
    retry: (count, error) => !(error instanceof NotAvailableOffline) && count < 2,
  });
  if (!previewable) return <p className="preview-note">No preview for this type of file. Download it to open it.</p>;
  if (blob.isPending) return <p role="status">Loading preview…</p>;
  if (blob.error instanceof NotAvailableOffline) return <NotAvailableOfflineNote />;
  if (blob.isError || !blob.data) return <p className="preview-note">The preview could not be loaded. You can still download it.</p>;
  return <BlobPreview data={blob.data} name={doc.name} mimeType={doc.mime_type} />;
}
