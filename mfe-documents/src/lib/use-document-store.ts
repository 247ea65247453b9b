import { useMemo } from 'react';
import { useAppConfig, useSupabase } from '@dossier/shared';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DataError } from '@dossier/shared/core';
import { documentByDriveFile, getDocument, insertDocument } from '../api/documents';
import { putThumbnail, removeObjects, thumbnailPathOf, uploadObject, type StorageTarget } from '../api/storage';
import type { DocumentStore } from '../features/upload/store-document';

/** The person's JWT at the moment of each request (supabase-js refreshes it as needed). */
function storageTarget(client: SupabaseClient, supabaseUrl: string, anonKey: string): StorageTarget {
  return {
    supabaseUrl,
    anonKey,
    accessToken: async () => {
      const { data } = await client.auth.getSession();
      const accessToken = data.session?.access_token;
      if (!accessToken) throw new DataError('not signed in', { status: 401 });
      return accessToken;
    },
  };
}

export function createDocumentStore(client: SupabaseClient, supabaseUrl: string, anonKey: string): DocumentStore {
  return {
    async putObject(path, body, options) {
      await uploadObject(storageTarget(client, supabaseUrl, anonKey), path, body, options);
    },
    insertRow: (row) => insertDocument(client, row),
    getRow: (id) => getDocument(client, id),
    removeObject: (path) => removeObjects(client, [path]),
    findByDriveFile: (userId, driveFileId) => documentByDriveFile(client, userId, driveFileId),
    async putThumbnail(path, file, mimeType) {
      if (mimeType !== 'application/pdf') return undefined;
      // pdf.js is already loaded for the text layer; the page is rendered here, at upload.
      const { renderPdfFirstPage } = await import('./pdf-thumbnail');
      const image = await renderPdfFirstPage(file);
      if (!image) return undefined;
      await putThumbnail(client, path, image);
      return thumbnailPathOf(path);
    },
  };
}

/** Upload and replay both write through this store (object first, then row). */
export function useDocumentStore(): DocumentStore {
  const client = useSupabase();
  const config = useAppConfig();
  return useMemo(() => createDocumentStore(client, config.supabaseUrl, config.supabaseAnonKey), [client, config.supabaseUrl, config.supabaseAnonKey]);
}
