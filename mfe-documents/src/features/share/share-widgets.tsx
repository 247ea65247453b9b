import type { WidgetProps } from '@dossier/shared';
import { AreaProviders } from '../../lib/area-providers';
import { ShareDialog } from './share-dialog';
import { SharedView } from './shared-view';

/** 'documents.share': the share dialog for a document or a portfolio. Props: documentId | portfolioId, title, onClose. */
export function ShareWidget(props: WidgetProps) {
  const title = typeof props.title === 'string' ? props.title : '';
  const onClose = typeof props.onClose === 'function' ? (props.onClose as () => void) : () => undefined;
  const target =
    typeof props.portfolioId === 'string' ? { portfolioId: props.portfolioId } : typeof props.documentId === 'string' ? { documentId: props.documentId } : null;
  if (!target) return null;
  return (
    <AreaProviders>
      <ShareDialog target={target} title={title} onClose={onClose} />
    </AreaProviders>
  );
}

/** 'documents.shared-view': what an anonymous visitor sees for a link token. Props: token. */
export function SharedViewWidget(props: WidgetProps) {
  return typeof props.token === 'string' ? (
    <AreaProviders>
      <SharedView token={props.token} />
    </AreaProviders>
  ) : null;
}
