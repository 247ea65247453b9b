import { Suspense, useSyncExternalStore } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { REMOTE_NAMES, useAuth, type NavItem } from '@dossier/shared';
import { Button, LoadingSpinner, buttonClassName, retryableLazy } from '@dossier/shared/ui';
import { FrameLayout } from './frame-layout';
import { TransferBadge } from '../features/transfer-badge';
import { useSecondFactor } from '../features/auth/second-factor';
import { useAreas } from '../routing/areas-context';
import { AREA_NAV_FALLBACK, SHELL_NAV, visibleNavItems } from '../routing/route-table';
import { isSignInPage } from '../landing-visit';

/** The nav: the shell's items, each loaded area's own `nav`, and fallbacks for areas not yet loaded. */
export function useNavItems(): NavItem[] {
  const areas = useAreas();
  useSyncExternalStore(areas.subscribe, areas.list);
  const items = [
    ...SHELL_NAV,
    ...REMOTE_NAMES.filter((name) => areas.enabled(name)).flatMap((name) => areas.loaded(name)?.nav ?? AREA_NAV_FALLBACK[name]),
  ];
  return items.sort((a, b) => (a.order ?? 50) - (b.order ?? 50));
}

function SignInState() {
  const auth = useAuth();
  const { pathname } = useLocation();
  if (auth.status === 'loading') return <span className="dossier-auth-state" aria-live="polite" />;
  // On the sign-in page itself the header offers nothing: a second "Sign in" beside the form's
  // own only leads back to the same page (the prerendered card's frame agrees, ADR 0499).
  if (auth.status === 'signed-out' && isSignInPage(pathname)) return <span className="dossier-auth-state" />;
  if (auth.status === 'signed-out') {
    return (
      <Link className={buttonClassName({ variant: 'primary', size: 'sm', className: 'dossier-auth-state' })} to="/auth">
        Sign in
      </Link>
    );
  }
  return (
    <span className="dossier-auth-state">
      <span className="dossier-user-name">
        <span className="dossier-user-prefix">Signed in as </span>
        {auth.user?.name}
      </span>
      <Button variant="ghost" size="sm" onClick={() => void auth.signOut()}>
        Sign out
      </Button>
    </span>
  );
}

/**
 * Fetched only for a session that owes its second factor (issue 24: most people never see it, and
 * its code travelled before every signed-in page's first rows).
 */
const SecondFactorStep = retryableLazy(() => import('../features/auth/second-factor-step').then((module) => module.SecondFactorStep));

/**
 * Until a session that owes its second factor reaches aal2, the frame shows the code step and
 * nothing else: no nav, no name, no overlays such as the consent dialog (issue 21 §8).
 */
function SecondFactorFrame({ state, recheck }: ReturnType<typeof useSecondFactor>) {
  const navigate = useNavigate();
  return (
    <FrameLayout Link={Link} items={[]} account={null}>
      {state === 'required' ? (
        <Suspense fallback={<LoadingSpinner />}>
          <SecondFactorStep
            onPassed={(viaRecoveryCode) => {
              // A recovery code removed the factor: Settings, to set up a new authenticator.
              if (viaRecoveryCode) navigate('/settings#two-step', { replace: true });
              recheck();
            }}
          />
        </Suspense>
      ) : (
        <LoadingSpinner />
      )}
    </FrameLayout>
  );
}

/** Accessible frame: skip link, header with product name, nav, sign-in state, one main landmark. */
export function AppFrame({ overlays = [] }: { overlays?: React.ComponentType[] }) {
  const status = useAuth().status;
  const items = visibleNavItems(useNavItems(), status);
  const secondFactor = useSecondFactor();
  if (status === 'signed-in' && secondFactor.state !== 'satisfied') return <SecondFactorFrame {...secondFactor} />;
  return (
    <FrameLayout
      Link={Link}
      NavItemLink={NavLink}
      items={items}
      account={<SignInState />}
      badge={(path) => (path === '/transfers' ? <TransferBadge /> : null)}
      notices={overlays.map((Overlay, index) => (
        <Overlay key={index} />
      ))}
    >
      <Suspense fallback={<LoadingSpinner />}>
        <Outlet />
      </Suspense>
    </FrameLayout>
  );
}
