import { Page } from '@dossier/shared/ui';

/** `/portfolios` — the portfolio list. */
export default function PortfoliosPage() {
  return (
    <Page title="Portfolios" description="Group documents into portfolios — a house purchase, a visa application — and share a portfolio as a whole.">
      <p data-area="portfolios">Portfolios area</p>
    </Page>
  );
}
