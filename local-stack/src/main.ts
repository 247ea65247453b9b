import { startStack } from './start.js';
import { StackConfigError } from './config.js';

async function main() {
  const stack = await startStack();
  console.log(`local stack ready at ${stack.url}`);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing in-flight requests, closing the database…`);
    stack.stop().then(
      () => process.exit(0),
      (e) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((e) => {
  console.error(e instanceof StackConfigError ? `local stack: ${e.message}` : e);
  process.exit(1);
});
