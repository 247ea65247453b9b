import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `@dossier/shared/ui` is one shared module: whatever it imports statically, every page that
 * draws a button pays for, before its first row (issue 24). The Radix menus, dialogs, select,
 * popover and tooltip — with floating-ui and the scroll lock, ~40 KB gzip — come on demand
 * (deferred-overlays.tsx, ADR 0455); the Radix checkbox, switch and tabs come with the pages
 * that import them from `@dossier/shared/ui/controls` (ADR 0486). This walks the static imports
 * (not `import type`, not `import()`) from the module's entry and lists what of Radix it reaches.
 */
const SHARED_SRC = path.resolve(__dirname, '../..');

function resolveSource(from: string, request: string): string | null {
  const base = request.startsWith('@dossier/shared/') ? path.join(SHARED_SRC, request.slice('@dossier/shared/'.length)) : request.startsWith('.') ? path.resolve(path.dirname(from), request.replace(/\.js$/, '')) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  if (/\.(json|css)$/.test(request)) return null;
  throw new Error(`${from}: cannot resolve ${request}`);
}

function staticImports(entry: string): { files: Set<string>; radix: Map<string, string>; packages: Set<string> } {
  const files = new Set<string>();
  const radix = new Map<string, string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    const code = readFileSync(file, 'utf8');
    // `import x from`, `import { a } from`, `export * from`, `export { a } from`, side-effect `import '...'`; not `import type`/`export type`.
    for (const match of code.matchAll(/^(?:import|export)\s+(?!type\b)([^'";]*?)\s*(?:from\s+)?['"]([^'"]+)['"]/gm)) {
      const [, names, request] = match;
      if (request === 'radix-ui') {
        for (const name of names.replace(/[{}]/g, '').split(',').map((part) => part.trim().split(/\s+as\s+/)[0]).filter(Boolean)) radix.set(name, path.relative(SHARED_SRC, file));
      } else if (/^(@radix-ui\/|@floating-ui\/|react-remove-scroll)/.test(request)) {
        packages.add(`${request} (${path.relative(SHARED_SRC, file)})`);
      }
      const next = resolveSource(file, request);
      if (next) queue.push(next);
    }
  }
  return { files, radix, packages };
}

test("no Radix part is in @dossier/shared/ui's static imports: the overlays come on demand, the form controls from their own module", () => {
  const { files, radix, packages } = staticImports(path.join(SHARED_SRC, 'ui/index.ts'));
  // The walk saw the module (guards against a parser that finds nothing).
  expect(files.size).toBeGreaterThan(20);
  expect([...files].some((file) => file.endsWith('design-system/deferred-overlays.tsx'))).toBe(true);
  // …and finds Radix where it is imported (the same walk from the controls' own module).
  const controls = staticImports(path.join(SHARED_SRC, 'ui/controls/index.ts'));
  expect([...controls.radix.keys()].sort()).toEqual(['Checkbox', 'Switch', 'Tabs']);

  expect([...radix].map(([name, file]) => `${name} (${file})`)).toEqual([]);
  expect([...packages]).toEqual([]);
  for (const heavy of ['select', 'menu', 'dialog', 'sheet', 'tooltip', 'combobox', 'overlays']) {
    expect([...files].map((file) => path.relative(SHARED_SRC, file))).not.toContain(`ui/design-system/${heavy}.tsx`);
  }
});
