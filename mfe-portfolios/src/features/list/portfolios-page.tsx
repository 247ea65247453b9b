import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useSupabase, useToasts } from '@dossier/shared';
import { createPortfolio, formatBytes, formatDate, portfolioKeys, type PortfolioOverview } from '@dossier/shared/core';
import { Button, IconButton, LoadingSpinner, Menu, MoreIcon, OfflineDataNotice, Page, Select, TextField } from '@dossier/shared/ui';
import { AreaProviders, PortfolioGlyph, useDescribeError, usePortfolioOverview } from '../../lib/area';
import { FamilySpace } from '../family-space';
import { PortfolioForm } from './portfolio-form';
import { useDeletePortfolio, usePendingPortfolioDeletes } from './use-delete-portfolio';

type Sort = 'changed' | 'name' | 'documents' | 'size' | 'expiry';

export function sortPortfolios(rows: readonly PortfolioOverview[], sort: Sort, search: string): PortfolioOverview[] {
  const needle = search.trim().toLowerCase();
  const found = needle ? rows.filter((p) => p.name.toLowerCase().includes(needle) || p.description.toLowerCase().includes(needle)) : [...rows];
  const by: Record<Sort, (a: PortfolioOverview, b: PortfolioOverview) => number> = {
    changed: (a, b) => b.last_changed.localeCompare(a.last_changed),
    name: (a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
    documents: (a, b) => b.document_count - a.document_count,
    size: (a, b) => b.total_size - a.total_size,
    expiry: (a, b) => (a.nearest_expiry ?? '9999').localeCompare(b.nearest_expiry ?? '9999'),
  };
  return found.sort(by[sort]);
}

function PortfolioCard({ portfolio }: { portfolio: PortfolioOverview }) {
  const remove = useDeletePortfolio();
  return (
    <li className="portfolio-card" style={{ borderLeftColor: portfolio.color }} data-testid="portfolio-card">
      <div className="portfolio-card-main">
        <Link to={`/portfolios/${portfolio.id}`} className="portfolio-name">
          <PortfolioGlyph icon={portfolio.icon} />{' '}
          {portfolio.name}
        </Link>
        {portfolio.description ? <p className="portfolio-description">{portfolio.description}</p> : null}
        <p className="portfolio-facts">
          <span>
            {portfolio.document_count} {portfolio.document_count === 1 ? 'document' : 'documents'}
          </span>
          <span>{formatBytes(portfolio.total_size)}</span>
          {portfolio.nearest_expiry ? <span>Next expiry {formatDate(portfolio.nearest_expiry)}</span> : null}
          <span>Changed {formatDate(portfolio.last_changed)}</span>
        </p>
      </div>
      {/* Destructive actions behind a menu, with undo on the toast (issue 22): no red button beside every title. */}
      <Menu trigger={<IconButton label={`More actions for ${portfolio.name}`} icon={<MoreIcon />} />} items={[{ label: 'Delete portfolio', danger: true, onSelect: () => void remove(portfolio) }]} />
    </li>
  );
}

function PortfolioList() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toasts = useToasts().stacked;
  const overview = usePortfolioOverview();
  const describeError = useDescribeError();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>('changed');
  const [creating, setCreating] = useState(false);
  // A portfolio deleted moments ago is gone from the list while its *Undo* is still offered.
  const deleting = usePendingPortfolioDeletes();
  const all = useMemo(() => (overview.data ?? []).filter((p) => !deleting.has(p.id)), [overview.data, deleting]);
  const rows = useMemo(() => sortPortfolios(all, sort, search), [all, sort, search]);

  return (
    <div className="portfolios">
      {overview.data ? <OfflineDataNotice updatedAt={overview.dataUpdatedAt} /> : null}
      {creating ? (
        <section aria-label="New portfolio" className="portfolio-new">
          <h2>New portfolio</h2>
          <PortfolioForm
            submitLabel="Create portfolio"
            onCancel={() => setCreating(false)}
            onSubmit={async (input) => {
              const made = await createPortfolio(client, input);
              await queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
              toasts.add({ title: `Created “${made.name}”`, variant: 'success' });
              setCreating(false);
              void navigate(`/portfolios/${made.id}`);
            }}
          />
        </section>
      ) : (
        <div className="portfolio-actions">
          <Button variant="primary" onClick={() => setCreating(true)}>
            New portfolio
          </Button>
        </div>
      )}
      {all.length > 0 ? (
        <div className="portfolio-toolbar">
          <TextField label="Search portfolios" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
          <Select
            label="Sort by"
            value={sort}
            onValueChange={(value) => setSort(value as Sort)}
            options={[
              { value: 'changed', label: 'Last changed' },
              { value: 'name', label: 'Name' },
              { value: 'documents', label: 'Most documents' },
              { value: 'size', label: 'Largest' },
              { value: 'expiry', label: 'Nearest expiry' },
            ]}
          />
        </div>
      ) : null}
      {overview.isPending ? (
        <LoadingSpinner />
      ) : overview.isError ? (
        <div role="alert">
          <p>{describeError(overview.error)}</p>
          <Button onClick={() => void overview.refetch()}>Try Again</Button>
        </div>
      ) : all.length === 0 ? (
        <div className="portfolio-empty">
          <h2>No portfolios yet</h2>
          <p>A portfolio groups the papers for one purpose — a visa application, a house purchase, the tax return — with a checklist of what is still missing, and can be shared with one link.</p>
        </div>
      ) : rows.length === 0 ? (
        <p className="muted">No portfolio matches “{search}”.</p>
      ) : (
        <ul className="portfolio-list" aria-label="Portfolios">
          {rows.map((p) => (
            <PortfolioCard key={p.id} portfolio={p} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** `/portfolios`: every portfolio with counts, size, nearest expiry and last change; create, search, sort, delete. */
export default function PortfoliosPage() {
  return (
    <AreaProviders>
      <Page title="Portfolios">
        <FamilySpace />
        <PortfolioList />
      </Page>
    </AreaProviders>
  );
}
