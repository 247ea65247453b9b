import { Page } from '@dossier/shared/ui';

/** `/auth` — sign in / sign up (replaced by shell/src/features/auth). */
export default function AuthPage() {
  return <Page title="Sign in" description="Sign in with e-mail and password or with Google, or create an account." />;
}
