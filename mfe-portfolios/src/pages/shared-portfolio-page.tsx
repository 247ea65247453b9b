import { useParams } from 'react-router-dom';
import { Page } from '@dossier/shared/ui';

/** `/portfolio/:hash` — a portfolio someone shared by link. */
export default function SharedPortfolioPage() {
  const { hash } = useParams();
  return (
    <Page title="Shared portfolio" description="A portfolio shared with you by link: its documents, read-only.">
      <p data-area="portfolios">
        Portfolios area — link <code>{hash}</code>
      </p>
    </Page>
  );
}
