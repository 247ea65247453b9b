/**
 * Google's partial-response `fields` syntax: `a,b/c,files(id,name),*`. Parsed into a selection
 * tree and applied to a resource; arrays apply the sub-selection to each element.
 * https://developers.google.com/workspace/drive/api/guides/fields-parameter
 */

export class FieldsError extends Error {
  override readonly name = 'FieldsError';
}

/** `true` keeps the whole value; a nested selection keeps only the listed keys. */
export type Selection = Map<string, Selection | true>;

export function parseFields(text: string): Selection {
  let i = 0;
  const parseList = (closing: boolean): Selection => {
    const sel: Selection = new Map();
    for (;;) {
      while (text[i] === ' ') i++;
      let name = '';
      while (i < text.length && /[A-Za-z0-9_*]/.test(text[i])) name += text[i++];
      if (!name) throw new FieldsError(`Invalid field selection ${text}`);
      // a/b/c → a(b(c))
      let leafOwner = sel;
      let leafName = name;
      while (text[i] === '/') {
        i++;
        let sub = '';
        while (i < text.length && /[A-Za-z0-9_*]/.test(text[i])) sub += text[i++];
        if (!sub) throw new FieldsError(`Invalid field selection ${text}`);
        const existing = leafOwner.get(leafName);
        const child: Selection = existing instanceof Map ? existing : new Map();
        leafOwner.set(leafName, child);
        leafOwner = child;
        leafName = sub;
      }
      while (text[i] === ' ') i++;
      if (text[i] === '(') {
        i++;
        const inner = parseList(true);
        const existing = leafOwner.get(leafName);
        if (existing instanceof Map) for (const [k, v] of inner) existing.set(k, v);
        else if (existing !== true) leafOwner.set(leafName, inner);
      } else {
        leafOwner.set(leafName, true);
      }
      while (text[i] === ' ') i++;
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (closing) {
        if (text[i] !== ')') throw new FieldsError(`Invalid field selection ${text}`);
        i++;
      } else if (i < text.length) {
        throw new FieldsError(`Invalid field selection ${text}`);
      }
      return sel;
    }
  };
  if (!text.trim()) throw new FieldsError('Invalid field selection');
  return parseList(false);
}

/**
 * Checks every selected name against what the resource type offers (`known` maps a name to the
 * names of its nested type, or null for a plain value); unknown names are Google's 400.
 */
export function validateSelection(sel: Selection, known: KnownFields): void {
  for (const [name, sub] of sel) {
    if (name === '*') continue;
    if (!(name in known)) throw new FieldsError(`Invalid field selection ${name}`);
    const nested = known[name];
    if (sub instanceof Map && nested) validateSelection(sub, nested);
  }
}

export interface KnownFields {
  [name: string]: KnownFields | null;
}

export function applySelection(value: unknown, sel: Selection | true): unknown {
  if (sel === true || sel.has('*')) return value;
  if (Array.isArray(value)) return value.map((v) => applySelection(v, sel));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [name, sub] of sel) {
    const v = (value as Record<string, unknown>)[name];
    if (v !== undefined) out[name] = applySelection(v, sub);
  }
  return out;
}
