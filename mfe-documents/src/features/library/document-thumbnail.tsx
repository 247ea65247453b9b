import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '@dossier/shared';
import { THUMBNAIL_URL_SECONDS, thumbnailSourceOf, thumbnailUrl } from '../../api/storage';
import { typeLabel } from '../../lib/document-types';

export interface DocumentThumbnailProps {
  doc: { id: string; storage_path: string; mime_type: string; updated_at?: string };
  /** CSS pixels of the box; the image is asked for at twice that, for sharp phone screens. */
  width: number;
  height: number;
  className?: string;
}

export const thumbnailKeys = {
  url: (source: string, width: number, height: number, version?: string) => ['documents', 'thumbnail', source, width, height, version ?? ''] as const,
};

/**
 * A document's picture for the grid and the list: images and PDF first pages resized by Storage's
 * image transformation endpoint (docs/decisions/0120), the type label as a placeholder while it
 * loads, for other types, and when there is no picture (an older PDF, hosted Supabase without image
 * transformations). Lazy: the list is virtualised, so only cards near the view ask for one, and the
 * browser loads the image itself lazily.
 */
export function DocumentThumbnail({ doc, width, height, className }: DocumentThumbnailProps) {
  const client = useSupabase();
  const source = thumbnailSourceOf(doc);
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const url = useQuery({
    queryKey: thumbnailKeys.url(source ?? '', width, height, doc.updated_at),
    queryFn: () => thumbnailUrl(client, source!, { width: width * 2, height: height * 2 }),
    enabled: source !== null && !failed,
    // Re-signed well before the URL expires; the same URL keeps the browser's cached image.
    staleTime: (THUMBNAIL_URL_SECONDS - 600) * 1000,
    gcTime: (THUMBNAIL_URL_SECONDS - 300) * 1000,
    retry: false,
  });
  const showImage = Boolean(url.data) && !failed;
  return (
    <span className={`doc-thumb${loaded && showImage ? ' is-loaded' : ''}${className ? ` ${className}` : ''}`} aria-hidden="true">
      <span className="doc-thumb-placeholder">{typeLabel(doc.mime_type)}</span>
      {showImage ? (
        <img
          src={url.data}
          alt=""
          loading="lazy"
          decoding="async"
          width={width}
          height={height}
          data-testid="document-thumbnail"
          onLoad={() => setLoaded(true)}
          onError={() => setFailed(true)}
        />
      ) : null}
    </span>
  );
}
