/**
 * What the dashboard shows from the areas, by the widgets' global names
 * (docs/architecture.md "Who owns what"). Data only, in a module of its own: main.ts reads it to
 * start these widgets' areas beside the shell's boot for a signed-in /dashboard (ADR 0491),
 * without the page's code.
 */

/** The cards of the dashboard's grid, in order, each with its title. */
export const DASHBOARD_WIDGETS = [
  { name: 'documents.category-counts', title: 'Your categories' },
  { name: 'documents.recent', title: 'Recently added' },
  { name: 'documents.expiring-soon', title: 'Expiring soon' },
  { name: 'portfolios.summary', title: 'Portfolios' },
  { name: 'drive.connection-card', title: 'Google Drive' },
  { name: 'account.plan-badge', title: 'Your plan' },
] as const;

/**
 * Notices above the grid, which render nothing unless there is something to say: an account
 * deletion that is scheduled (the banner offers to keep the account), a request for emergency
 * access to deny (with its days left, not only a "1" on Transfers).
 */
export const DASHBOARD_NOTICES = ['account.deletion-notice', 'account.emergency-notice'] as const;
