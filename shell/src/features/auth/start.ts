// What the shell needs from auth at start-up, without the /auth page's code (its own chunk).
export { startAuthEvents } from './auth-events';
export { detectSupabaseSessionInUrl } from './oauth-return';
