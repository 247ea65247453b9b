import { createContext, useContext } from 'react';
import type { AuthSession } from './auth-session';

/** The shell-private side of auth (recovery step, sign-up onboarding); remotes use the contract's useAuth. */
export const AuthSessionContext = createContext<AuthSession | null>(null);

export function useAuthSession(): AuthSession | null {
  return useContext(AuthSessionContext);
}
