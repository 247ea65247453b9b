import { createElement, useId } from 'react';
import type { LegalText } from '../../core/legal';

type Level = 1 | 2 | 3;

const heading = (level: number, props: Record<string, unknown>, text: string) => createElement(`h${Math.min(level, 6)}`, props, text);

/**
 * Renders a legal text (Privacy Policy, Terms of Service). `level` is the heading level of its
 * title: 1 on its own page, 2 inside a dialog whose title is the text's title.
 */
export function LegalDocument({ text, level = 1, showTitle = true }: { text: LegalText; level?: Level; showTitle?: boolean }) {
  const titleId = useId();
  const updated = new Date(`${text.lastUpdated}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const sectionLevel = showTitle ? level + 1 : level;
  return (
    <article className="dossier-legal" aria-labelledby={showTitle ? titleId : undefined} aria-label={showTitle ? undefined : text.title}>
      {showTitle ? heading(level, { id: titleId }, text.title) : null}
      <p className="dossier-legal-updated">
        Last updated: <time dateTime={text.lastUpdated}>{updated}</time>
      </p>
      <p className="dossier-legal-summary">{text.summary}</p>
      {text.sections.map((section) => (
        <section key={section.id} id={`${text.id}-${section.id}`}>
          {heading(sectionLevel, {}, section.heading)}
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.items ? (
            <ul>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}
