import { Link, Navigate } from 'react-router';
import { useAuth } from '@dossier/shared/contract';
import { LandingContent } from './landing-content';

/**
 * `/` for visitors; signed-in people go on to their dashboard. The post-logout load (`/?logout`,
 * SPEC §2) never gets here signed in: bootstrap consumes the marker and skips the session check.
 * A visitor's first load of `/` is the light landing instead (landing-start.tsx); this page is
 * what the router shows once the app runs (back from /auth, a signed-in person's redirect).
 */
export function LandingPage() {
  const auth = useAuth();
  if (auth.status === 'signed-in') return <Navigate to="/dashboard" replace />;
  return <LandingContent Link={Link} />;
}
