import type { AuthRequest, GoogleAccount } from './state.js';

import { escapeHtml as esc } from '../content/html.js';

/**
 * The emulator's consent screen: pick a seeded account or type any name and e-mail, then Allow
 * or Deny. Plain HTML, keyboard- and screen-reader-friendly, no script needed.
 */
export function consentPage(requestId: string, request: AuthRequest, accounts: GoogleAccount[], error?: string): string {
  const hint = request.loginHint?.toLowerCase();
  const selected = accounts.find((a) => a.email === hint) ?? accounts[0];
  const scopes = request.scope.split(/\s+/).filter(Boolean);
  const options = accounts
    .map(
      (a, i) => `      <div class="account">
        <input type="radio" id="account-${i}" name="account" value="${esc(a.email)}"${a === selected ? ' checked' : ''}>
        <label for="account-${i}"><span class="name">${esc(a.name)}</span> <span class="email">${esc(a.email)}</span></label>
      </div>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sign in - Google Accounts (emulator)</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; color: #202124; }
    fieldset { border: 1px solid #dadce0; border-radius: 8px; margin: 1rem 0; padding: 0.75rem 1rem; }
    .account { margin: 0.5rem 0; }
    .email { color: #5f6368; }
    label { cursor: pointer; }
    input[type=text], input[type=email] { display: block; width: 100%; padding: 0.4rem; margin: 0.25rem 0 0.75rem; box-sizing: border-box; }
    .actions { display: flex; gap: 1rem; }
    button { padding: 0.5rem 1.25rem; border-radius: 4px; border: 1px solid #1a73e8; font-size: 1rem; cursor: pointer; }
    button[value=allow] { background: #1a73e8; color: #fff; }
    button[value=deny] { background: #fff; color: #1a73e8; }
    button:focus-visible, input:focus-visible { outline: 3px solid #174ea6; outline-offset: 2px; }
    [role=alert] { color: #b3261e; }
  </style>
</head>
<body>
  <main>
    <h1>Choose an account</h1>
    <p>to continue to <strong>${esc(request.clientId)}</strong> (local Google emulator — no real Google account is used)</p>
    ${error ? `<p role="alert">${esc(error)}</p>` : ''}
    <form method="post" action="/o/oauth2/v2/auth/decision">
      <input type="hidden" name="request_id" value="${esc(requestId)}">
      <fieldset>
        <legend>Test accounts</legend>
${options}
        <div class="account">
          <input type="radio" id="account-other" name="account" value="other">
          <label for="account-other">Use another account</label>
        </div>
      </fieldset>
      <fieldset>
        <legend>Another account</legend>
        <label for="other-name">Name</label>
        <input type="text" id="other-name" name="other_name" autocomplete="name">
        <label for="other-email">E-mail</label>
        <input type="email" id="other-email" name="other_email" autocomplete="email">
        <input type="checkbox" id="other-verified" name="other_verified" value="on">
        <label for="other-verified">Google has verified this address (the tester vouches for it)</label>
      </fieldset>
      <p>The app will be able to see:</p>
      <ul>
${scopes.map((s) => `        <li>${esc(s)}</li>`).join('\n')}
      </ul>
      <div class="actions">
        <!-- Allow first: pressing Enter in a field submits with the first button. -->
        <button type="submit" name="decision" value="allow">Allow</button>
        <button type="submit" name="decision" value="deny">Deny</button>
      </div>
    </form>
  </main>
</body>
</html>`;
}

export function errorPage(title: string, detail: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head>
<body><main><h1>${esc(title)}</h1><p>${esc(detail)}</p></main></body></html>`;
}
