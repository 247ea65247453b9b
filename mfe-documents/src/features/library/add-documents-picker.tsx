import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '@dossier/shared';
import { searchDocuments, searchKeys, type SearchDocumentsParams } from '../../api/search-documents';
import { formatBytes } from '../../lib/format';
import { useDescribeError } from '../../lib/query';
import type { DocumentActions } from '../../lib/use-document-actions';

const SHOWN = 30;

/** Search the person's documents and add the chosen ones to a portfolio (they move; nothing is copied). */
export function AddDocumentsPicker({ portfolioId, actions }: { portfolioId: string; actions: DocumentActions }) {
  const client = useSupabase();
  const describeError = useDescribeError();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const params: SearchDocumentsParams = { query: query.trim() || null, sort: query.trim() ? 'relevance' : 'created', descending: true, limit: SHOWN, offset: 0 };
  const results = useQuery({ queryKey: searchKeys.page(params), queryFn: () => searchDocuments(client, params), enabled: open });
  const candidates = (results.data?.items ?? []).filter((d) => d.portfolio_id !== portfolioId);

  const add = async () => {
    const ids = [...chosen];
    const ok = await actions.updateMany(ids, { portfolio_id: portfolioId }, `Added ${ids.length} ${ids.length === 1 ? 'document' : 'documents'}`, 'Added');
    if (ok) {
      setChosen(new Set());
      setOpen(false);
    }
  };

  if (!open) {
    return (
      <div className="panel-actions">
        <button type="button" className="primary-button" onClick={() => setOpen(true)}>
          Add documents
        </button>
      </div>
    );
  }
  return (
    <section className="add-documents" aria-label="Add documents">
      <label>
        Find documents to add
        <input type="search" value={query} autoFocus placeholder="Name, words inside, tags…" onChange={(e) => setQuery(e.target.value)} />
      </label>
      {results.isPending ? (
        <p role="status">Loading...</p>
      ) : results.isError ? (
        <p role="alert">{describeError(results.error)}</p>
      ) : candidates.length === 0 ? (
        <p className="muted">{query.trim() ? 'No other documents match.' : 'All your documents are already here.'}</p>
      ) : (
        <ul className="add-documents-list">
          {candidates.map((d) => (
            <li key={d.id}>
              <label>
                <input
                  type="checkbox"
                  checked={chosen.has(d.id)}
                  onChange={(e) =>
                    setChosen((c) => {
                      const next = new Set(c);
                      if (e.target.checked) next.add(d.id);
                      else next.delete(d.id);
                      return next;
                    })
                  }
                />
                <span className="add-documents-name">{d.name}</span>
                <span className="muted">{formatBytes(d.size)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className="panel-actions">
        <button type="button" className="primary-button" disabled={chosen.size === 0} onClick={() => void add()}>
          {chosen.size === 0 ? 'Add' : `Add ${chosen.size}`}
        </button>
        <button type="button" onClick={() => (setOpen(false), setChosen(new Set()))}>
          Cancel
        </button>
      </div>
    </section>
  );
}
