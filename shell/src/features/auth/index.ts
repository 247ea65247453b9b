export { AuthPage } from './auth-page';
export { createAuthSession, type AuthSession } from './auth-session';
export { classifyAuthError, isOAuthRetryable, type AuthFailure } from './auth-errors';
export { detectSupabaseSessionInUrl } from './oauth-return';
export { signOutAndReload, LOGOUT_MARKER } from './sign-out';
export { redirectTarget, DEFAULT_AFTER_SIGN_IN } from './redirect-target';
export { AuthSessionContext, useAuthSession } from './auth-session-context';
