import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software WebAuthn authenticator for tests in Node (no navigator.credentials): ES256 keys,
 * "none" attestation, discoverable credentials, a signature counter. It answers the options
 * GoTrue's passkey and WebAuthn-MFA endpoints send with the JSON supabase-js would send back.
 * Knobs let a test be the attacker: another origin, another RP id, a counter that goes backwards.
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [k: string]: Cbor };

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** The few CBOR types an attestation object and a COSE key use. */
function cbor(v: Cbor): Buffer {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') {
    const s = Buffer.from(v, 'utf8');
    return Buffer.concat([head(3, s.length), s]);
  }
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), Buffer.from(v)]);
  if (Array.isArray(v)) return Buffer.concat([head(4, v.length), ...v.map(cbor)]);
  const entries = v instanceof Map ? [...v.entries()] : Object.entries(v);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, x]) => [cbor(k), cbor(x)])]);
}

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();
const b64u = (b: Buffer | Uint8Array) => Buffer.from(b).toString('base64url');

interface StoredCredential {
  id: Buffer;
  key: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

export interface CeremonyOverrides {
  origin?: string;
  rpId?: string;
  /** Sign with this counter instead of the next one. */
  counter?: number;
  /** Use this credential (by id) instead of the first one for the RP. */
  credentialId?: string;
}

interface CreationOptionsJson {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptionsJson {
  challenge: string;
  rpId?: string;
  allowCredentials?: Array<{ id: string }>;
}

export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = [];

  constructor(readonly origin: string) {}

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const c = Buffer.alloc(4);
    c.writeUInt32BE(counter >>> 0, 0);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), c, attested ?? Buffer.alloc(0)]);
  }

  /** navigator.credentials.create(): a new resident ES256 credential, "none" attestation. */
  create(options: CreationOptionsJson, overrides: CeremonyOverrides = {}): Record<string, unknown> {
    const rpId = overrides.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const id = randomBytes(32);
    const cose = cbor(new Map<Cbor, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x!, 'base64url')], [-3, Buffer.from(jwk.y!, 'base64url')]]));
    const len = Buffer.from([id.length >> 8, id.length & 0xff]);
    const attested = Buffer.concat([Buffer.alloc(16), len, id, cose]);
    // UP | UV | AT
    const authData = this.authData(rpId, 0x01 | 0x04 | 0x40, 0, attested);
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: overrides.origin ?? this.origin, crossOrigin: false });
    this.credentials.push({ id, key: privateKey, rpId, userHandle: options.user.id, counter: 0 });
    return {
      id: b64u(id),
      rawId: b64u(id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64u(Buffer.from(clientData)),
        attestationObject: b64u(cbor({ fmt: 'none', attStmt: {}, authData })),
        transports: ['internal'],
      },
    };
  }

  /** navigator.credentials.get(): an assertion by the first (or the named) credential for the RP. */
  get(options: RequestOptionsJson, overrides: CeremonyOverrides = {}): Record<string, unknown> {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const allowed = new Set((options.allowCredentials ?? []).map((c) => c.id));
    const cred = this.credentials.find((c) =>
      overrides.credentialId ? b64u(c.id) === overrides.credentialId : c.rpId === rpId && (allowed.size === 0 || allowed.has(b64u(c.id))),
    );
    if (!cred) throw new Error('NotAllowedError: no credential for this relying party');
    cred.counter = overrides.counter ?? cred.counter + 1;
    const authData = this.authData(overrides.rpId ?? rpId, 0x01 | 0x04, cred.counter);
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: overrides.origin ?? this.origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), cred.key);
    return {
      id: b64u(cred.id),
      rawId: b64u(cred.id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64u(clientData),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        userHandle: cred.userHandle,
      },
    };
  }
}
