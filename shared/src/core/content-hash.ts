/**
 * Hex SHA-256 of a file's bytes (Web Crypto): the key of duplicate detection.
 *
 * One hash per file: a Blob's bytes never change, so the digest is remembered for that Blob. A
 * Drive import hashes each file as it arrives and the documents upload asks again for the same
 * File; both remotes reach this one module (`@dossier/shared` is a shared singleton), so the
 * second ask is free instead of reading and hashing the whole file again.
 */
const digests = new WeakMap<Blob, Promise<string>>();

export function sha256Hex(file: Blob): Promise<string> {
  let digest = digests.get(file);
  if (!digest) {
    digest = digestOf(file);
    digests.set(file, digest);
    // A failed read is not remembered: asking again tries again.
    digest.catch(() => digests.delete(file));
  }
  return digest;
}

async function digestOf(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
