import { invalidKey } from './errors.js';

// The characters Supabase Storage accepts in a key (its isValidKey): checking the same set here
// means a name the app would get refused on a hosted project is refused locally too.
const SUPABASE_KEY_CHARS = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Object keys: relative, no `.`/`..` segments, no empty segments, no backslash, no control
 * characters, at most 1024 bytes. Anything else is InvalidKey (400) before any other work.
 */
export function validateKey(key: string): string {
  if (
    !key ||
    key.startsWith('/') ||
    key.includes('\\') ||
    CONTROL.test(key) ||
    Buffer.byteLength(key, 'utf8') > 1024 ||
    key.split('/').some((s) => s === '' || s === '.' || s === '..') ||
    !SUPABASE_KEY_CHARS.test(key)
  ) {
    throw invalidKey(key);
  }
  return key;
}

/** Supabase's bucket-name rule (storage-js mirrors it). */
export function validBucketName(name: string): boolean {
  return name.length > 0 && name.length <= 100 && /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/.test(name) && name.trim() === name;
}

/**
 * The request path after /storage/v1, split into percent-DECODED segments. Read from the raw URL
 * so that an encoded slash (`..%2F..`) is seen as part of the key and refused, never normalised away.
 */
export function pathSegments(url: string): string[] {
  const pathname = new URL(url).pathname.replace(/^.*?\/storage\/v1(?=\/|$)/, '');
  return pathname
    .split('/')
    .slice(1)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        throw invalidKey(s);
      }
    });
}
