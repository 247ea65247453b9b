import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// ADR 0045: the shell's and every area's CSS sits in `@layer app` (below the primitives) and never
// targets a design-system class, so no area can restyle a primitive or another area's page.
const root = path.resolve(__dirname, '../../../..');
const areas = ['shell', 'mfe-documents', 'mfe-portfolios', 'mfe-drive-import', 'mfe-account', 'mfe-debug'];

function cssFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (entry === 'node_modules' || entry === 'dist') return [];
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return cssFiles(full);
    return entry.endsWith('.css') ? [full] : [];
  });
}

/** The CSS outside any `@layer app { … }` block, comments removed. */
function unlayered(css: string): string {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/@layer[^;{]+;/g, '');
  let out = '';
  let i = 0;
  while (i < text.length) {
    const start = text.indexOf('@layer app', i);
    if (start === -1) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, start);
    let depth = 0;
    let j = text.indexOf('{', start);
    for (; j < text.length; j += 1) {
      if (text[j] === '{') depth += 1;
      if (text[j] === '}') {
        depth -= 1;
        if (depth === 0) break;
      }
    }
    i = j + 1;
  }
  return out.trim();
}

/** A rule body's declarations, trimmed, in order. */
function declarationsOf(body: string): string[] {
  return body
    .split(';')
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
}

const files = areas.flatMap((area) => cssFiles(path.join(root, area, 'src')));

describe('area CSS is scoped (ADR 0045)', () => {
  it('finds the areas’ stylesheets', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files.map((file) => [path.relative(root, file)]))('%s is wholly inside @layer app', (file) => {
    expect(unlayered(readFileSync(path.join(root, file), 'utf8'))).toBe('');
  });

  it.each(files.map((file) => [path.relative(root, file)]))('%s does not target a design-system class', (file) => {
    const css = readFileSync(path.join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    expect(css).not.toMatch(/\.ds-[a-z]/);
  });

  // Issue 23: a layout the design system owns is not written again in an area (TitleRow's row,
  // PlainList's list): an area rule holding all of its declarations is a copy.
  const owned = (selector: string) => {
    const css = readFileSync(path.join(__dirname, 'design-system.css'), 'utf8');
    return declarationsOf(new RegExp(`\\n\\s*\\${selector} \\{([^}]*)\\}`).exec(css)?.[1] ?? '');
  };
  const layouts = { TitleRow: owned('.ds-title-row'), PlainList: owned('.ds-plain-list') };

  /**
   * A near-copy of PlainList: a list's reset (no bullets, no indent) whose items stack, whatever
   * its gap or margin — the area gives PlainList a class for those, and writes only them.
   */
  const plainListNearCopy = (declarations: string[]) => {
    const has = (declaration: string) => declarations.includes(declaration);
    const stacks = (has('display: grid') && !declarations.some((d) => d.startsWith('grid-template'))) || (has('display: flex') && has('flex-direction: column'));
    return has('list-style: none') && has('padding: 0') && stacks;
  };

  function copiesIn(css: string): string[] {
    return [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)].flatMap(([, selector, body]) => {
      const declarations = declarationsOf(body);
      const whole = Object.entries(layouts)
        .filter(([, layout]) => layout.every((declaration) => declarations.includes(declaration)))
        .map(([name]) => name);
      if (!whole.includes('PlainList') && plainListNearCopy(declarations)) whole.push('PlainList');
      return whole.map((name) => `${name}: ${selector.trim()}`);
    });
  }

  it.each(files.map((file) => [path.relative(root, file)]))('%s does not copy a TitleRow or a PlainList', (file) => {
    expect(copiesIn(readFileSync(path.join(root, file), 'utf8'))).toEqual([]);
  });

  it('finds a list reset written again, whatever its gap, margin or way of stacking', () => {
    expect(copiesIn('.a { list-style: none; padding: 0; margin: 0; display: flex; flex-direction: column; gap: 6px; }')).toEqual(['PlainList: .a']);
    expect(copiesIn('.b ul { list-style: none; margin: 8px 0 0; padding: 0; display: grid; gap: var(--ds-space-1); }')).toEqual(['PlainList: .b ul']);
    expect(copiesIn('.c { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: var(--ds-space-2); margin: 0; }')).toEqual(['TitleRow: .c']);
    // Not a stacked list: a row of chips, a grid of cards, a list left to flow as blocks.
    expect(copiesIn('.d { display: inline-flex; flex-wrap: wrap; list-style: none; padding: 0; margin: 0; }')).toEqual([]);
    expect(copiesIn('.e { list-style: none; padding: 0; margin: 0; display: grid; grid-template-columns: repeat(3, 1fr); }')).toEqual([]);
    expect(copiesIn('.f { gap: var(--ds-space-3); }')).toEqual([]);
  });

  it('knows the layouts the design system owns', () => {
    expect(layouts.TitleRow).toContain('justify-content: space-between');
    expect(layouts.PlainList).toContain('list-style: none');
  });

  it('detects CSS left outside the layer', () => {
    expect(unlayered('@layer app { a { color: red; } }\nbutton { color: blue; }')).toBe('button { color: blue; }');
    expect(unlayered('/* c */ @layer ds-base, app, ds-components; @layer app { @media (x) { a { b: c; } } }')).toBe('');
  });
});
