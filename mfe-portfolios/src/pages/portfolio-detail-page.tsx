import { useParams } from 'react-router-dom';
import { Page } from '@dossier/shared/ui';

/** `/portfolios/:portfolioId` — one portfolio. */
export default function PortfolioDetailPage() {
  const { portfolioId } = useParams();
  return (
    <Page title="Portfolio" description="The documents in this portfolio, its drive folder and its sharing settings.">
      <p data-area="portfolios">
        Portfolios area — portfolio <code>{portfolioId}</code>
      </p>
    </Page>
  );
}
