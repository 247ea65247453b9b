import path from 'node:path';
import type { StackConfig } from '../context.js';

function redactUrl(url: string): string {
  return url.replace(/:\/\/([^:@/]+):[^@/]*@/, '://$1:***@');
}

/** What `npm run stack` prints once it listens — like `supabase start`, plus where data lives. */
export function startupBanner(config: StackConfig, dbKind: 'pglite' | 'postgres'): string {
  const database =
    dbKind === 'postgres' && config.databaseUrl ? `PostgreSQL at ${redactUrl(config.databaseUrl)}` : `PGlite (embedded) in ${path.join(config.dataDir, 'db')}`;
  const storage =
    config.storage.kind === 'local'
      ? `local directory ${config.storage.root}`
      : `S3 bucket "${config.storage.bucket}" in ${config.storage.region}${config.storage.endpoint ? ` at ${config.storage.endpoint}` : ''}`;
  const rows: Array<[string, string]> = [
    ['API URL', config.publicUrl],
    ['REST URL', `${config.publicUrl}/rest/v1`],
    ['Auth URL', `${config.publicUrl}/auth/v1`],
    ['Storage URL', `${config.publicUrl}/storage/v1`],
    ['Functions URL', `${config.publicUrl}/functions/v1`],
    ['Google emulator', config.googleUrl],
    ['Stripe emulator', `${config.stripeUrl ?? ''} (test card 4242 4242 4242 4242)`],
    ['Database', database],
    ['Storage', storage],
    ['Outbox (auth e-mails)', path.join(config.dataDir, 'outbox')],
    ['Site URL', config.siteUrl],
    ['anon key', config.anonKey],
  ];
  // The secret and the service_role key are shown once, when generated; afterwards only where they are.
  if (config.demoKeys) rows.push(['JWT secret', `${config.jwtSecret} (public demo secret: STACK_DEMO_KEYS is set)`], ['service_role key', config.serviceRoleKey]);
  else if (config.keysCreated) rows.push(['JWT secret', config.jwtSecret], ['service_role key', config.serviceRoleKey], ['Keys saved in', `${config.keysFile} (owner-only; shown this once)`]);
  else rows.push(['JWT secret, service_role key', `in ${config.keysFile ?? 'the data folder'} (owner-only)`]);
  const width = Math.max(...rows.map(([k]) => k.length));
  return ['Dossier local stack is running.', '', ...rows.map(([k, v]) => `${k.padStart(width)}: ${v}`), '', 'Stop with Ctrl+C (in-flight requests finish, then the database closes).'].join('\n');
}
