import { Link } from 'react-router';
import { formatDate } from '@dossier/shared/core';
import { WidgetFrame } from '@dossier/shared/ui';
import { AreaProviders, PortfolioGlyph, useDescribeError, usePortfolioOverview } from '../../lib/area';

const SHOWN = 5;

function PortfolioSummary() {
  const overview = usePortfolioOverview();
  const describeError = useDescribeError();
  const rows = [...(overview.data ?? [])].sort((a, b) => b.last_changed.localeCompare(a.last_changed));
  const documents = rows.reduce((n, p) => n + p.document_count, 0);
  const nextExpiry = rows.map((p) => p.nearest_expiry).filter((d): d is string => Boolean(d)).sort()[0];
  return (
    <WidgetFrame
      title="Portfolios"
      className="portfolio-summary-widget"
      state={overview.status}
      error={overview.error ? describeError(overview.error) : undefined}
      onRetry={() => void overview.refetch()}
      empty={
        rows.length === 0 ? (
          <p>
            No portfolios yet. Group documents for a house purchase or a visa application in <Link to="/portfolios">Portfolios</Link>.
          </p>
        ) : null
      }
    >
      <p>
        {rows.length} {rows.length === 1 ? 'portfolio' : 'portfolios'} · {documents} {documents === 1 ? 'document' : 'documents'}
        {nextExpiry ? ` · next expiry ${formatDate(nextExpiry)}` : ''}
      </p>
      <ul className="widget-list">
        {rows.slice(0, SHOWN).map((portfolio) => (
          <li key={portfolio.id}>
            <Link to={`/portfolios/${portfolio.id}`}>
              <PortfolioGlyph icon={portfolio.icon} />{' '}
              {portfolio.name}
            </Link>
            <span className="count">{portfolio.document_count}</span>
          </li>
        ))}
      </ul>
    </WidgetFrame>
  );
}

/** 'portfolios.summary': how many portfolios and documents in them, the next expiry, the latest changed. */
export default function PortfolioSummaryWidget() {
  return (
    <AreaProviders>
      <PortfolioSummary />
    </AreaProviders>
  );
}
