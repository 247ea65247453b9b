import { startStack } from './start.js';
import { StackConfigError } from './config.js';
import { startupBanner } from './http/banner.js';

/** `npm run stack`: the local Supabase-compatible platform in the foreground. */
async function main() {
  const stack = await startStack();
  console.log(`\n${startupBanner(stack.config, stack.db.kind)}\n`);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: no new connections; finishing in-flight requests, then closing the database…`);
    stack.stop().then(
      () => {
        console.log('local stack stopped; every committed write is on disk.');
        process.exit(0);
      },
      (e) => {
        console.error('local stack: shutdown failed', e);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((e) => {
  if (e instanceof StackConfigError) console.error(`local stack: ${e.message}`);
  else if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') console.error(`local stack: ${(e as Error).message} — is another stack already running? (set SUPABASE_PORT / GOOGLE_EMULATOR_PORT to move it)`);
  else console.error(e);
  process.exit(1);
});
