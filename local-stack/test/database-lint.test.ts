import { lintDatabase } from './support/database-lint';
import { databasesSync, startTestStack, type TestStack } from './support/test-stack';

// Issue #10 §4: the database lint (splinter's checks, written here: ADR 0059) over every migration.
// Fails on any WARN or ERROR; INFO findings are printed.

/**
 * SECURITY DEFINER functions signed-in people call on purpose, each checking auth.uid() itself
 * (ADR 0059 gives the reasons): onboarding creates the caller's categories; search reads the
 * caller's own documents with a plan RLS would spoil.
 */
const AUTHENTICATED_DEFINER_ALLOWED = [
  'public.create_default_categories',
  'public.search_documents',
  // Sharing (ADR 0065): link secrets live in a table no browser role can read.
  'public.create_share_link',
  'public.set_share_link_password',
  'public.list_share_links',
  // Plans (ADR 0090): usage counts the caller's rows and objects, including the trash.
  'public.my_plan_usage',
  // Account security (ADRs 0095–0099): auth.sessions, recovery codes and deletion are not readable by the browser.
  'public.my_sessions',
  'public.end_my_session',
  'public.mfa_satisfied',
  'public.generate_mfa_recovery_codes',
  'public.mfa_recovery_codes_left',
  'public.use_mfa_recovery_code',
  'public.schedule_account_deletion',
  'public.cancel_account_deletion',
  // Transfers (ADR 0100): cross-user steps, each checking auth.uid() against the offer.
  'public.my_confirmed_email',
  'public.offer_transfer',
  'public.cancel_transfer',
  'public.decline_transfer',
  'public.transfer_accept_begin',
  'public.transfer_accept_finish',
  'public.transfer_accept_abandon',
  'public.my_transfers',
  'public.incoming_transfer_count',
  // Trusted contacts (ADR 0101): the contact reads the owner's papers only through these.
  'public.name_trusted_contact',
  'public.end_emergency_access',
  'public.remove_trusted_contact',
  'public.request_emergency_access',
  'public.trusted_portfolios',
  'public.trusted_file',
  'public.my_trusted_contacts',
  'public.transfers_attention_count',
  // Family plan (ADR 0162): membership, invitations and the shared space span several people's rows.
  'public.my_family_id',
  'public.family_can_read_object',
  'public.family_space',
  'public.family_overview',
  'public.invite_family_member',
  'public.revoke_family_invitation',
  'public.accept_family_invitation',
  'public.remove_family_member',
  // Reminders (issue 15, ADR 0112): the calendar feed's secret comes only from here, for the caller's row.
  'public.calendar_feed',
];

// A fresh PGlite stack takes long on a busy machine.
jest.setTimeout(180_000);

describe.each(databasesSync())('database lint on %s', (database) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ database });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('finds no WARN or ERROR after all migrations', async () => {
    const findings = await stack.db.admin((q) => lintDatabase(q, { authenticatedDefinerAllowed: AUTHENTICATED_DEFINER_ALLOWED }));
    const info = findings.filter((f) => f.level === 'INFO');
    if (info.length) console.log(`database lint (${database}), INFO:\n${info.map((f) => `  ${f.name} ${f.object}: ${f.detail}`).join('\n')}`);
    expect(findings.filter((f) => f.level !== 'INFO')).toEqual([]);
  });

  it('catches what it is meant to catch', async () => {
    await stack.runScript(`create table public.lint_probe (id int primary key, owner uuid);
      alter table public.lint_probe enable row level security;
      create policy "lint probe" on public.lint_probe for select to authenticated using (owner = auth.uid());
      create function public.lint_probe_fn() returns int language sql security definer as $$ select 1 $$;`);
    try {
      const names = (await stack.db.admin((q) => lintDatabase(q))).map((f) => f.name);
      expect(names).toEqual(expect.arrayContaining(['auth_rls_initplan', 'function_search_path_mutable', 'anon_security_definer_function_executable']));
    } finally {
      await stack.runScript(`drop table public.lint_probe; drop function public.lint_probe_fn();`);
    }
  });
});
