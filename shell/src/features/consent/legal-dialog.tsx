import { useId } from 'react';
import { Link } from 'react-router-dom';
import { VIEW_FULL_PAGE } from '@dossier/shared/core';
import type { LegalText } from '@dossier/shared/core/legal';
import { LegalDocument } from '@dossier/shared/ui/legal';
import { ModalDialog } from './modal-dialog';

/** The Privacy Policy or Terms dialog, with SPEC §2's 'View Full Page' link to its page. */
export function LegalDialog({ text, fullPagePath, onClose, onViewFullPage }: { text: LegalText; fullPagePath: '/privacy' | '/terms'; onClose(): void; onViewFullPage(): void }) {
  const titleId = useId();
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose} className="dossier-legal-dialog">
      <div className="dossier-dialog-header">
        <h2 id={titleId}>{text.title}</h2>
        <button type="button" onClick={onClose} aria-label={`Close ${text.title}`} data-autofocus>
          Close
        </button>
      </div>
      {/* The text scrolls inside the dialog: focusable so keyboard users can scroll it too. */}
      <div className="dossier-dialog-body" tabIndex={0} role="region" aria-labelledby={titleId}>
        <LegalDocument text={text} level={2} showTitle={false} />
      </div>
      <div className="dossier-dialog-actions">
        <Link to={fullPagePath} onClick={onViewFullPage}>
          {VIEW_FULL_PAGE}
        </Link>
      </div>
    </ModalDialog>
  );
}
