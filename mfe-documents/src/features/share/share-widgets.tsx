import type { WidgetPropsOf } from '@dossier/shared';
import { AreaProviders } from '../../lib/area-providers';
import { ShareDialog } from './share-dialog';
import { SharedView } from './shared-view';

/** 'documents.share': the share dialog for a document or a portfolio. Props: documentId | portfolioId, title, onClose. */
export function ShareWidget(props: WidgetPropsOf<'documents.share'>) {
  const { title, onClose } = props;
  const target = props.portfolioId ? { portfolioId: props.portfolioId } : props.documentId ? { documentId: props.documentId } : null;
  if (!target) return null;
  return (
    <AreaProviders>
      <ShareDialog target={target} title={title} onClose={onClose} />
    </AreaProviders>
  );
}

/** 'documents.shared-view': what an anonymous visitor sees for a link token. Props: token. */
export function SharedViewWidget(props: WidgetPropsOf<'documents.shared-view'>) {
  return props.token ? (
    <AreaProviders>
      <SharedView token={props.token} />
    </AreaProviders>
  ) : null;
}
