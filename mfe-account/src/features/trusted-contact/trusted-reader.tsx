import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '@dossier/shared';
import { formatBytes } from '@dossier/shared/core';
import { Button, Dialog, EmptyState, PlainList, Skeleton } from '@dossier/shared/ui';
import { readTrustedPortfolios, trustedFileUrl, trustedKeys, type TrustedContact } from '../../api/trusted-contacts';
import { transferErrorText } from '../../api/transfers';
import { useRefreshTrusted } from './use-trusted-contacts';

/** The contact's read-only view of the owner's chosen portfolios; files open in a new tab. */
export function TrustedReader({ row, open, onOpenChange }: { row: TrustedContact; open: boolean; onOpenChange: (open: boolean) => void }) {
  const client = useSupabase();
  const portfolios = useQuery({ queryKey: trustedKeys.portfolios(row.id), queryFn: () => readTrustedPortfolios(client, row.id), enabled: open });
  const [error, setError] = useState<string | null>(null);
  const refresh = useRefreshTrusted();

  const openFile = async (documentId: string, purpose: 'preview' | 'download') => {
    setError(null);
    // Opened before the await so the browser treats it as the person's own click.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    try {
      const url = await trustedFileUrl(client, row.id, documentId, purpose);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      // The opening is a step in both people's history.
      void refresh();
    } catch (e) {
      tab?.close();
      setError(transferErrorText(e));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`${row.owner_email}'s papers`} description="Read-only: you can open and download, not change anything. Each file you open is in their history." wide>
      {portfolios.isPending ? (
        <Skeleton height="8rem" />
      ) : portfolios.isError ? (
        <p role="alert">{transferErrorText(portfolios.error)}</p>
      ) : (
        <div className="dossier-trusted__reader">
          {error ? <p role="alert">{error}</p> : null}
          {(portfolios.data ?? []).map((p) => (
            <section key={p.id} aria-label={p.name}>
              <h3>{p.name}</h3>
              {p.description ? <p>{p.description}</p> : null}
              {p.documents.length === 0 ? (
                <EmptyState title="No documents in this portfolio" headingLevel={4} />
              ) : (
                <PlainList className="dossier-trusted__documents">
                  {p.documents.map((d) => (
                    <li key={d.id}>
                      <span className="dossier-trusted__document-name">{d.name}</span>
                      <span className="dossier-trusted__meta">{formatBytes(Number(d.size))}</span>
                      <span className="dossier-trusted__buttons">
                        <Button size="sm" onClick={() => void openFile(d.id, 'preview')} aria-label={`Open ${d.name}`}>
                          Open
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => void openFile(d.id, 'download')} aria-label={`Download ${d.name}`}>
                          Download
                        </Button>
                      </span>
                    </li>
                  ))}
                </PlainList>
              )}
            </section>
          ))}
        </div>
      )}
    </Dialog>
  );
}
