/**
 * Stripe's request encoding: application/x-www-form-urlencoded with nested brackets, as the
 * `stripe` SDK writes it (`line_items[0][price_data][currency]=eur`, `expand[0]=subscription`,
 * `expand[]=customer`, `metadata[user_id]=…`). Objects whose keys are all indices become arrays.
 */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

/** Splits `a[b][0][c]` into ['a', 'b', '0', 'c'] (an empty `[]` is an append). */
function keyPath(key: string): string[] | null {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m) return null;
  const parts = [m[1]];
  for (const seg of m[2].matchAll(/\[([^[\]]*)\]/g)) parts.push(seg[1]);
  return parts;
}

function arrayify(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return Array.isArray(value) ? value.map(arrayify) : value;
  const keys = Object.keys(value);
  for (const k of keys) value[k] = arrayify(value[k]);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => value[k]);
  }
  return value;
}

/** Thrown for a body the emulator cannot read (Stripe answers 400 invalid_request_error). */
export class FormError extends Error {}

export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  if (!text) return root;
  const params = new URLSearchParams(text);
  for (const [rawKey, value] of params) {
    const path = keyPath(rawKey);
    if (!path) throw new FormError(`Invalid parameter name: ${rawKey}`);
    let node: FormObject = root;
    for (let i = 0; i < path.length; i++) {
      const last = i === path.length - 1;
      let part = path[i];
      if (part === '') part = String(Object.keys(node).length); // `[]` appends
      if (last) {
        node[part] = value;
      } else {
        const next = node[part];
        if (next === undefined || typeof next === 'string') node[part] = {};
        node = node[part] as FormObject;
      }
    }
  }
  return arrayify(root) as FormObject;
}
