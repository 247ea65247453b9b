import { existsSync } from 'node:fs';
import path from 'node:path';

/** Walks up from the working directory until nx.json is found. */
export function repoRoot(from: string = process.cwd()): string {
  let dir = path.resolve(from);
  for (;;) {
    if (existsSync(path.join(dir, 'nx.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no nx.json above ${from}`);
    dir = parent;
  }
}
