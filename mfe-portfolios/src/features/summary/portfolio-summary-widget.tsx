import { Link } from 'react-router';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useDossier, useSupabase } from '@dossier/shared';
import { classifyError, LOADING_TEXT } from '@dossier/shared/core';
import { portfolioKeys, portfolioSummary } from '../../api/portfolios';

const SHOWN = 5;

function PortfolioSummary() {
  const client = useSupabase();
  const summary = useQuery({ queryKey: portfolioKeys.summary(SHOWN), queryFn: () => portfolioSummary(client, SHOWN) });
  return (
    <section className="portfolio-summary-widget" aria-label="Portfolios">
      <h2 className="widget-title">Portfolios</h2>
      {summary.status === 'pending' ? (
        <p role="status" aria-busy="true">
          {LOADING_TEXT}
        </p>
      ) : summary.status === 'error' ? (
        <div role="alert">
          <p>{classifyError(summary.error).userMessage}</p>
          <button type="button" onClick={() => void summary.refetch()}>
            Try Again
          </button>
        </div>
      ) : summary.data.total === 0 ? (
        <p>
          No portfolios yet. Group documents for a house purchase or a visa application in <Link to="/portfolios">Portfolios</Link>.
        </p>
      ) : (
        <>
          <p>
            {summary.data.total} {summary.data.total === 1 ? 'portfolio' : 'portfolios'}
          </p>
          <ul className="widget-list">
            {summary.data.latest.map((portfolio) => (
              <li key={portfolio.id}>
                <Link to={`/portfolios/${portfolio.id}`}>{portfolio.name}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** 'portfolios.summary': how many portfolios the person has and the newest few. */
export default function PortfolioSummaryWidget() {
  const { queryClient } = useDossier();
  return (
    <QueryClientProvider client={queryClient}>
      <PortfolioSummary />
    </QueryClientProvider>
  );
}
