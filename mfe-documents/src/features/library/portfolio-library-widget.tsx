import type { WidgetPropsOf } from '@dossier/shared';
import { AreaProviders } from '../../lib/area-providers';
import { DocumentsLibrary } from './documents-library';

/** 'documents.library': the documents library fixed to one portfolio. Props: { portfolioId }. */
export function PortfolioLibraryWidget(props: WidgetPropsOf<'documents.library'>) {
  return props.portfolioId ? (
    <AreaProviders>
      <DocumentsLibrary portfolioId={props.portfolioId} />
    </AreaProviders>
  ) : null;
}
