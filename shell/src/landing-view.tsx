import type { ReactNode } from 'react';
import { LandingContent, type LandingLink } from './features/landing/landing-content';
import { FrameLayout } from './frame/frame-layout';
import { AREA_NAV_FALLBACK, SHELL_NAV, visibleNavItems } from './routing/nav-table';

// A visitor's frame: the members' pages are not offered (ADR 0246), as AppFrame does for a signed-out visitor.
const NAV = visibleNavItems(
  [...SHELL_NAV, ...AREA_NAV_FALLBACK.documents, ...AREA_NAV_FALLBACK.portfolios, ...AREA_NAV_FALLBACK.account].sort((a, b) => (a.order ?? 50) - (b.order ?? 50)),
  'signed-out',
);

/**
 * A visitor's `/` without the app: AppFrame's visitor markup (the brand and "Sign in"; no members' nav)
 * around the landing page. The light landing renders it in the browser (landing-start.tsx) and
 * the shell's build renders it into index.html (prerender/, ADR 0220): the same markup, so the
 * browser's hydration adopts the prerendered page.
 */
export function LightLandingView({ Link }: { Link: LandingLink }) {
  return (
    <LightFrame Link={Link}>
      <LandingContent Link={Link} />
    </LightFrame>
  );
}

/**
 * A visitor's frame around `children`: the landing, with "Sign in" in the header; or the
 * prerendered sign-in card (ADR 0499), `onSignInPage`, without it — as AppFrame draws /auth.
 */
export function LightFrame({ Link, children, onSignInPage = false }: { Link: LandingLink; children: ReactNode; onSignInPage?: boolean }) {
  return (
    <FrameLayout
      Link={Link}
      items={NAV}
      account={
        onSignInPage ? (
          <span className="dossier-auth-state" />
        ) : (
          <Link to="/auth" className="ds-button ds-button--primary ds-button--sm dossier-auth-state">
            Sign in
          </Link>
        )
      }
    >
      {children}
    </FrameLayout>
  );
}
