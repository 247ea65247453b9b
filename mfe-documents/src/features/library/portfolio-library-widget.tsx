import type { WidgetProps } from '@dossier/shared';
import { AreaProviders } from '../../lib/area-providers';
import { DocumentsLibrary } from './documents-library';

/** 'documents.library': the documents library fixed to one portfolio. Props: { portfolioId }. */
export function PortfolioLibraryWidget(props: WidgetProps) {
  return typeof props.portfolioId === 'string' ? (
    <AreaProviders>
      <DocumentsLibrary portfolioId={props.portfolioId} />
    </AreaProviders>
  ) : null;
}
