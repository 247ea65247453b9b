import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSupabase, useToasts, Widget } from '@dossier/shared';
import { getPortfolio, portfolioKeys, updatePortfolio } from '@dossier/shared/core';
import { Button, IconButton, LoadingSpinner, Menu, MoreIcon, OfflineDataNotice, Page } from '@dossier/shared/ui';
import { AreaProviders, PortfolioGlyph, useDescribeError, usePortfolioOverview } from '../../lib/area';
import { PortfolioChecklist } from '../checklist';
import { PortfolioForm, useDeletePortfolio } from '../list';

function PortfolioDetail({ id }: { id: string }) {
  const client = useSupabase();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toasts = useToasts().stacked;
  const describeError = useDescribeError();
  const remove = useDeletePortfolio();
  const [mode, setMode] = useState<'view' | 'edit' | 'share'>('view');
  const portfolio = useQuery({ queryKey: portfolioKeys.detail(id), queryFn: () => getPortfolio(client, id) });
  const overview = usePortfolioOverview();
  const count = overview.data?.find((p) => p.id === id)?.document_count ?? 0;

  if (portfolio.isPending) return <LoadingSpinner />;
  if (portfolio.isError) {
    return (
      <div role="alert">
        <p>{describeError(portfolio.error)}</p>
        <Button onClick={() => void portfolio.refetch()}>Try Again</Button>
      </div>
    );
  }
  const p = portfolio.data;
  if (!p) {
    return (
      <Page title="Portfolio not found">
        <p>This portfolio does not exist or was deleted.</p>
        <Link to="/portfolios">All portfolios</Link>
      </Page>
    );
  }

  return (
    <Page title={p.name}>
      <div className="portfolio-detail" style={{ borderTopColor: p.color }}>
        <p className="portfolio-crumb">
          <Link to="/portfolios">Portfolios</Link> › <PortfolioGlyph icon={p.icon} /> {p.name}
        </p>
        <OfflineDataNotice updatedAt={portfolio.dataUpdatedAt} />
        {p.description ? <p className="portfolio-description">{p.description}</p> : null}
        <div className="portfolio-actions">
          <Button variant="primary" onClick={() => setMode('share')}>
            Share portfolio
          </Button>
          <Button aria-expanded={mode === 'edit'} onClick={() => setMode(mode === 'edit' ? 'view' : 'edit')}>
            Edit
          </Button>
          {/* Destructive actions behind a menu, with undo on the toast (issue 22). */}
          <Menu
            trigger={<IconButton variant="secondary" label={`More actions for ${p.name}`} icon={<MoreIcon />} />}
            items={[{ label: 'Delete portfolio', danger: true, onSelect: () => void remove({ id: p.id, name: p.name, document_count: count }).then((ok) => ok && navigate('/portfolios')) }]}
          />
        </div>
        {mode === 'edit' ? (
          <PortfolioForm
            initial={p}
            submitLabel="Save changes"
            onCancel={() => setMode('view')}
            onSubmit={async (input) => {
              await updatePortfolio(client, p.id, input);
              await queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
              toasts.add({ title: 'Saved', variant: 'success' });
              setMode('view');
            }}
          />
        ) : null}
        {/* The Drive area's mirror (issue 12): the portfolio's Drive folder, renamed with the portfolio. */}
        <Widget name="drive.folder-mirror" portfolioId={p.id} portfolioName={p.name} />
        {mode === 'share' ? <Widget name="documents.share" portfolioId={p.id} title={p.name} onClose={() => setMode('view')} /> : null}
        <PortfolioChecklist portfolioId={p.id} />
        <section aria-labelledby="portfolio-documents-title" className="portfolio-documents">
          <h2 id="portfolio-documents-title">Documents</h2>
          <Widget name="documents.library" portfolioId={p.id} placement="portfolio-detail" />
        </section>
      </div>
    </Page>
  );
}

/** `/portfolios/:portfolioId`: the portfolio, its checklist, its documents (the documents area's library), sharing. */
export default function PortfolioDetailPage() {
  const { portfolioId } = useParams();
  return <AreaProviders>{portfolioId ? <PortfolioDetail key={portfolioId} id={portfolioId} /> : null}</AreaProviders>;
}
