import { useEffect, type ReactNode } from 'react';

/** A page of an area: sets the document title and gives the page one h1. */
export function Page({ title, children, description }: { title: string; description?: ReactNode; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Dossier`;
  }, [title]);
  return (
    <article className="dossier-page">
      <h1>{title}</h1>
      {description ? <p className="dossier-page-description">{description}</p> : null}
      {children}
    </article>
  );
}
