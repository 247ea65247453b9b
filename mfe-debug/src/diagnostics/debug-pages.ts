/** The 17 debug and test routes of SPEC §2 and what each one shows product staff. */
export type Section = 'config' | 'session' | 'supabase-ping' | 'oauth-params' | 'drive-config' | 'redirects' | 'remotes' | 'error-log' | 'error-demo' | 'vitals' | 'portfolios';

export interface DebugPage {
  path: string;
  title: string;
  purpose: string;
  sections: Section[];
}

export const DEBUG_PAGES: DebugPage[] = [
  { path: '/portfolio-debug', title: 'Portfolio debug', purpose: 'Portfolios of the signed-in user as the API returns them.', sections: ['session', 'portfolios'] },
  { path: '/error-demo', title: 'Error demo', purpose: 'How each kind of failure is classified and shown (SPEC §8).', sections: ['error-demo', 'error-log'] },
  { path: '/oauth-debug', title: 'OAuth debug', purpose: 'Parameters of the last OAuth return and the session they produced.', sections: ['oauth-params', 'session', 'redirects'] },
  { path: '/oauth-test', title: 'OAuth test', purpose: 'Start a Google sign-in and see what comes back.', sections: ['oauth-params', 'drive-config', 'session'] },
  { path: '/oauth-timing-test', title: 'OAuth timing test', purpose: 'Timing of the page load around an OAuth return.', sections: ['oauth-params', 'vitals'] },
  { path: '/oauth-debug-page', title: 'OAuth debug page', purpose: 'Raw address, query and fragment of this page.', sections: ['oauth-params', 'redirects'] },
  { path: '/oauth-callback', title: 'OAuth callback', purpose: 'What an OAuth provider sent back to this address.', sections: ['oauth-params', 'session'] },
  { path: '/supabase-test', title: 'Supabase test', purpose: 'Reachability of the API and the current session.', sections: ['config', 'supabase-ping', 'session'] },
  { path: '/google-drive-debug-uri', title: 'Google Drive redirect URI', purpose: 'The redirect URI to register for the Drive client.', sections: ['drive-config', 'redirects'] },
  { path: '/google-oauth-test', title: 'Google OAuth test', purpose: 'The Drive authorisation request this app would make.', sections: ['drive-config', 'oauth-params'] },
  { path: '/google-scope-debugger', title: 'Google scope debugger', purpose: 'The Drive scopes requested (read-only for files).', sections: ['drive-config'] },
  { path: '/google-verification-checker', title: 'Google verification checker', purpose: 'Whether the Drive configuration is complete.', sections: ['drive-config', 'config'] },
  { path: '/google-production-debugger', title: 'Google production debugger', purpose: 'Drive settings as this deployment sees them.', sections: ['drive-config', 'config', 'redirects'] },
  { path: '/google-redirect-debugger', title: 'Google redirect debugger', purpose: 'Redirect addresses and this origin.', sections: ['redirects', 'oauth-params'] },
  { path: '/redirect-test', title: 'Redirect test', purpose: 'Where sign-in would send a visitor back to.', sections: ['redirects', 'session'] },
  { path: '/dashboard-debug', title: 'Dashboard debug', purpose: 'Remotes, errors and measurements behind the dashboard.', sections: ['remotes', 'error-log', 'vitals'] },
  { path: '/production-oauth-debug', title: 'Production OAuth debug', purpose: 'Configuration and OAuth state of this deployment.', sections: ['config', 'oauth-params', 'session', 'remotes'] },
];

/** Hides the middle of a secret-looking value (tokens in an address must not be copied around). */
export function mask(value: string): string {
  return value.length <= 12 ? '••••' : `${value.slice(0, 6)}…${value.slice(-4)} (${value.length} chars)`;
}

/** Query and fragment parameters of an address, tokens masked. */
export function addressParameters(href: string): { source: 'query' | 'fragment'; name: string; value: string }[] {
  const url = new URL(href);
  const secret = /token|code|secret|key/i;
  const rows: { source: 'query' | 'fragment'; name: string; value: string }[] = [];
  url.searchParams.forEach((value, name) => rows.push({ source: 'query', name, value: secret.test(name) ? mask(value) : value }));
  new URLSearchParams(url.hash.replace(/^#/, '')).forEach((value, name) => rows.push({ source: 'fragment', name, value: secret.test(name) ? mask(value) : value }));
  return rows;
}
