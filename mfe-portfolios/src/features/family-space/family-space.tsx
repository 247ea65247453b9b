import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth, useSupabase, useToasts } from '@dossier/shared';
import { checkResult, documentsBucket, downloadFileName, listDocumentNames, formatBytes, formatDate, readResult, withDownloadName } from '@dossier/shared/core';
import { Button, Card, NativeSelect, PlainList } from '@dossier/shared/ui';
import { useDescribeError } from '../../lib/area';

/** One document in the Family space (ADR 0162), as `family_space()` lists it. */
export interface FamilyDocument {
  document_id: string;
  name: string;
  mime_type: string;
  size: number;
  storage_path: string;
  expires_on: string | null;
  added_at: string;
  added_by_email: string | null;
  mine: boolean;
}

const familyKeys = {
  id: ['family', 'id'] as const,
  space: ['family', 'space'] as const,
  mine: ['family', 'my-documents'] as const,
};

/**
 * The shared "Family" space at the top of /portfolios, for members of an active Family plan: the
 * documents each member put in it, which every member can open and download; a member adds their
 * own documents and takes theirs out again. Nothing shows for anyone outside a family.
 */
export function FamilySpace() {
  const client = useSupabase();
  const signedIn = useAuth().status === 'signed-in';
  const queryClient = useQueryClient();
  const toasts = useToasts().stacked;
  const describeError = useDescribeError();
  const [picked, setPicked] = useState('');
  const family = useQuery({ queryKey: familyKeys.id, queryFn: async () => readResult<string | null>(await client.rpc('my_family_id')), enabled: signedIn });
  const inFamily = Boolean(family.data);
  const space = useQuery({ queryKey: familyKeys.space, queryFn: async () => readResult<FamilyDocument[]>(await client.rpc('family_space')), enabled: inFamily });
  const mine = useQuery({
    queryKey: familyKeys.mine,
    queryFn: () => listDocumentNames(client, { limit: 1000 }),
    enabled: inFamily,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['family'] });
  const add = useMutation({
    mutationFn: async (documentId: string) => checkResult(await client.from('family_documents').insert({ family_id: family.data, document_id: documentId })),
    onSuccess: () => {
      setPicked('');
      void refresh();
      toasts.add({ title: 'Added to the Family space', variant: 'success' });
    },
    onError: (error) => toasts.add({ title: describeError(error), variant: 'error' }),
  });
  const remove = useMutation({
    mutationFn: async (documentId: string) => checkResult(await client.from('family_documents').delete().eq('document_id', documentId)),
    onSuccess: () => void refresh(),
    onError: (error) => toasts.add({ title: describeError(error), variant: 'error' }),
  });
  const open = async (doc: FamilyDocument, download: boolean) => {
    const signed = await documentsBucket(client).createSignedUrl(doc.storage_path, 120);
    if (signed.error || !signed.data) {
      toasts.add({ title: describeError(signed.error), variant: 'error' });
      return;
    }
    if (download) {
      const name = downloadFileName({ name: doc.name, storagePath: doc.storage_path, mimeType: doc.mime_type });
      const a = document.createElement('a');
      a.href = withDownloadName(signed.data.signedUrl, name);
      a.download = name;
      a.rel = 'noopener noreferrer';
      a.click();
    } else window.open(signed.data.signedUrl, '_blank', 'noopener,noreferrer');
  };

  if (!inFamily) return null;
  const docs = space.data ?? [];
  const inSpace = new Set(docs.map((d) => d.document_id));
  const addable = (mine.data ?? []).filter((d) => !inSpace.has(d.id));

  return (
    <Card as="section" className="family-space" aria-labelledby="family-space-title">
      <h2 id="family-space-title">
        <span aria-hidden="true">👪 </span>Family space
      </h2>
      <p className="muted">Documents the people in your family share with each other. Everyone in the family can open and download them; only you can take yours out.</p>
      {space.isError ? (
        <p role="alert">{describeError(space.error)}</p>
      ) : docs.length === 0 ? (
        <p className="muted">{space.isPending ? 'Loading…' : 'Nothing here yet. Add one of your documents below.'}</p>
      ) : (
        <PlainList aria-label="Family documents">
          {docs.map((d) => (
            <li key={d.document_id} className="family-space-row">
              <span className="family-space-name">{d.name}</span>
              <span className="muted">
                {formatBytes(Number(d.size))} · {d.mine ? 'added by you' : `added by ${d.added_by_email ?? 'a member'}`} · {formatDate(d.added_at)}
              </span>
              <span className="family-space-actions">
                <Button size="sm" onClick={() => void open(d, false)} aria-label={`Open ${d.name}`}>
                  Open
                </Button>
                <Button size="sm" onClick={() => void open(d, true)} aria-label={`Download ${d.name}`}>
                  Download
                </Button>
                {d.mine ? (
                  <Button size="sm" variant="ghost" onClick={() => remove.mutate(d.document_id)} aria-label={`Take ${d.name} out of the Family space`}>
                    Take out
                  </Button>
                ) : null}
              </span>
            </li>
          ))}
        </PlainList>
      )}
      {addable.length ? (
        <form
          className="family-space-add"
          onSubmit={(e) => {
            e.preventDefault();
            if (picked) add.mutate(picked);
          }}
        >
          <NativeSelect label="Add one of your documents" value={picked} onChange={(e) => setPicked(e.target.value)}>
            <option value="">Choose a document…</option>
            {addable.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </NativeSelect>
          <Button type="submit" variant="primary" disabled={!picked || add.isPending}>
            Add to Family space
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
