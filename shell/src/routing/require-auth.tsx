import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth, type AuthStatus } from '@dossier/shared';
import { LoadingSpinner } from '@dossier/shared/ui';
import { useSecondFactor } from '../features/auth/second-factor';

/**
 * The one rule for routes that need sign-in: a signed-out visitor goes to
 * /auth?redirect=<where they wanted to be>; while the session is being checked, a spinner.
 */
export function authRedirect(status: AuthStatus, location: { pathname: string; search?: string; hash?: string }): string | null {
  if (status !== 'signed-out') return null;
  const target = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  return `/auth?redirect=${encodeURIComponent(target)}`;
}

/** Where /auth sends the person after sign-in: only same-site paths, never another origin. */
export function safeRedirectTarget(value: string | null | undefined, fallback = '/dashboard'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

export function RequireAuth({ children, required = true }: { children: ReactNode; required?: boolean }) {
  const { status } = useAuth();
  const location = useLocation();
  const secondFactor = useSecondFactor();
  if (!required) return <>{children}</>;
  // Two-step sign-in (issue 14): a session that owes its authenticator code goes back to /auth.
  if (status === 'signed-in' && secondFactor.state === 'required') {
    return <Navigate to={`/auth?redirect=${encodeURIComponent(`${location.pathname}${location.search}${location.hash}`)}`} replace />;
  }
  if (status === 'loading') return <LoadingSpinner />;
  const to = authRedirect(status, location);
  return to ? <Navigate to={to} replace /> : <>{children}</>;
}
