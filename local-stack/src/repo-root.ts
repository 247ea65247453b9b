import { existsSync } from 'node:fs';
import path from 'node:path';

/** A configuration the stack refuses to start with; the message names what is wrong. */
export class StackConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StackConfigError';
  }
}

/** Walks up from `from` until nx.json is found (no import.meta: Jest loads this as CommonJS). */
export function findRepoRoot(from: string = process.cwd()): string {
  let dir = path.resolve(from);
  for (;;) {
    if (existsSync(path.join(dir, 'nx.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new StackConfigError(`could not find the repository root (nx.json) above ${from}`);
    dir = parent;
  }
}
