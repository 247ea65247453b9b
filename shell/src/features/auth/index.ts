export { AuthPage } from './auth-page';
export { startAuthEvents, currentAuthEvents, type AuthEvents } from './auth-events';
export { classifyAuthError, isOAuthRetryable, type AuthFailure } from './auth-errors';
export { detectSupabaseSessionInUrl } from './oauth-return';
export { redirectTarget, DEFAULT_AFTER_SIGN_IN } from './redirect-target';
