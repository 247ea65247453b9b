import type { ComponentType, ReactNode } from 'react';
import type { NavItem } from '@dossier/shared';
import { NavIcon } from './nav-icon';

/** The element after the page where calm hints render (a portal target). */
export const FOOT_NOTICES_ID = 'dossier-foot-notices';

/** A link of the frame: react-router's Link/NavLink in the app, a plain anchor in the light landing. */
export type FrameLink = ComponentType<{ to: string; className?: string; children: ReactNode }>;

/**
 * The frame's markup — skip link, header with product name, nav, account, notices, one main
 * landmark — without the router or the services, so the light landing of `/` (ADR 0185) and
 * AppFrame render the same page around their content.
 */
export function FrameLayout({
  Link,
  NavItemLink = Link,
  items,
  account,
  badge,
  notices,
  children,
}: {
  Link: FrameLink;
  NavItemLink?: FrameLink;
  items: NavItem[];
  account: ReactNode;
  badge?: (path: string) => ReactNode;
  notices?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <a className="dossier-skip-link" href="#main">
        Skip to content
      </a>
      <header className="dossier-header">
        <Link to="/" className="dossier-brand">
          Dossier
        </Link>
        {/* Nothing to offer (a signed-out visitor): no empty bar at the foot of a phone. */}
        {items.length > 0 ? (
          <nav aria-label="Main" className="dossier-nav">
            <ul>
              {items.map((item) => (
                <li key={item.path}>
                  <NavItemLink to={item.path} className="dossier-nav-link">
                    <NavIcon path={item.path} />
                    <span className="dossier-nav-label">{item.label}</span>
                    {badge?.(item.path)}
                  </NavItemLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {account}
      </header>
      {/* The offline badge and the install hint sit in the flow, between header and page: an
          overlay never covers a control (issue #9). The consent dialog is modal (top layer). */}
      <div className="dossier-notices">{notices}</div>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {/* Hints for a calm moment (the install hint) go after the page: they never move what a
          person is reading, and never cover a control (issue 22). */}
      <div className="dossier-foot-notices" id={FOOT_NOTICES_ID} />
    </>
  );
}
