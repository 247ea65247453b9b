import { useEffect, type ReactNode } from 'react';

/** A page's heading row: the one h1, an optional description, and the page's primary actions. */
export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="ds-page-header">
      <div className="ds-page-header__text">
        <h1 className="ds-page-header__title">{title}</h1>
        {description ? <p className="ds-page-header__description dossier-page-description">{description}</p> : null}
      </div>
      {actions ? <div className="ds-page-header__actions">{actions}</div> : null}
    </header>
  );
}

/** A page of an area: sets the document title and gives the page one h1 (with its actions beside it). */
export function Page({ title, children, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Dossier`;
  }, [title]);
  return (
    <article className="ds-page dossier-page">
      <PageHeader title={title} description={description} actions={actions} />
      {children}
    </article>
  );
}
