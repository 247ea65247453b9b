import { createHash, randomBytes } from 'node:crypto';

/** A Google account of the emulator (OpenID Connect's standard claims). */
export interface GoogleAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  given_name: string;
  family_name: string;
  picture: string;
}

/** The accounts offered on the consent page; any other name and e-mail can be typed in. */
export const SEEDED_ACCOUNTS: ReadonlyArray<{ name: string; email: string }> = [
  { name: 'Ada Lovelace', email: 'ada@example.com' },
  { name: 'Grace Hopper', email: 'grace@example.com' },
  { name: 'Alan Turing', email: 'alan@example.com' },
];

/** Google subjects are 21-digit numbers; derive a stable one from the address. */
export function subjectFor(email: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 24)}`).toString().padStart(21, '1');
  return `1${digits.slice(0, 20)}`;
}

export function accountFor(name: string, email: string, emailVerified = true): GoogleAccount {
  const clean = name.trim() || email.split('@')[0];
  const [given, ...rest] = clean.split(/\s+/);
  const e = email.trim().toLowerCase();
  return {
    sub: subjectFor(e),
    email: e,
    email_verified: emailVerified,
    name: clean,
    given_name: given,
    family_name: rest.join(' '),
    picture: `https://lh3.googleusercontent.com/a/emulator-${subjectFor(e).slice(-8)}=s96-c`,
  };
}

export interface AuthRequest {
  clientId: string;
  redirectUri: string;
  responseType: 'code' | 'token';
  scope: string;
  state?: string;
  nonce?: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  loginHint?: string;
  accessType?: string;
  createdAt: number;
}

interface CodeGrant {
  request: AuthRequest;
  account: GoogleAccount;
  expiresAt: number;
}

export interface AccessGrant {
  account: GoogleAccount;
  clientId: string;
  scope: string;
  expiresAt: number;
}

interface RefreshGrant {
  account: GoogleAccount;
  clientId: string;
  scope: string;
}

const token = (prefix: string, bytes = 24) => `${prefix}${randomBytes(bytes).toString('base64url')}`;

/** Access tokens live 3599 s as Google's do. */
export const ACCESS_TOKEN_SECONDS = 3599;
const CODE_SECONDS = 600;
const PENDING_SECONDS = 1800;

/**
 * The emulator's memory: pending consent requests, codes, access and refresh tokens. Nothing is
 * persisted — a restart signs every Google session out, which tests and developers can rely on.
 */
export class GoogleState {
  readonly accounts = new Map<string, GoogleAccount>();
  private readonly pending = new Map<string, AuthRequest>();
  private readonly codes = new Map<string, CodeGrant>();
  private readonly access = new Map<string, AccessGrant>();
  private readonly refresh = new Map<string, RefreshGrant>();

  constructor(private readonly now: () => number = Date.now) {
    for (const a of SEEDED_ACCOUNTS) this.addAccount(a.name, a.email);
  }

  /** Seeded accounts are verified; a typed one only when the tester says so (`verified`). */
  addAccount(name: string, email: string, verified = true): GoogleAccount {
    const existing = this.accounts.get(email.trim().toLowerCase());
    if (existing) return existing;
    const account = accountFor(name, email, verified);
    this.accounts.set(account.email, account);
    return account;
  }

  startRequest(r: Omit<AuthRequest, 'createdAt'>): string {
    const id = token('req_', 18);
    this.pending.set(id, { ...r, createdAt: this.now() });
    return id;
  }

  takeRequest(id: string): AuthRequest | null {
    const r = this.pending.get(id);
    this.pending.delete(id);
    if (!r || this.now() - r.createdAt > PENDING_SECONDS * 1000) return null;
    return r;
  }

  issueCode(request: AuthRequest, account: GoogleAccount): string {
    const code = token('4/0A', 32);
    this.codes.set(code, { request, account, expiresAt: this.now() + CODE_SECONDS * 1000 });
    return code;
  }

  /** One use only, like Google's codes. */
  takeCode(code: string): CodeGrant | null {
    const g = this.codes.get(code);
    this.codes.delete(code);
    if (!g || g.expiresAt < this.now()) return null;
    return g;
  }

  issueAccessToken(account: GoogleAccount, clientId: string, scope: string): string {
    const t = token('ya29.', 40);
    this.access.set(t, { account, clientId, scope, expiresAt: this.now() + ACCESS_TOKEN_SECONDS * 1000 });
    return t;
  }

  issueRefreshToken(account: GoogleAccount, clientId: string, scope: string): string {
    const t = token('1//0g', 40);
    this.refresh.set(t, { account, clientId, scope });
    return t;
  }

  refreshGrant(t: string): RefreshGrant | null {
    return this.refresh.get(t) ?? null;
  }

  /** Who an access token belongs to, or null when unknown or expired (Drive routes use this too). */
  accessGrant(t: string): AccessGrant | null {
    const g = this.access.get(t);
    if (!g || g.expiresAt < this.now()) return null;
    return g;
  }

  /** As Google: revoking a refresh token ends the whole grant, its access tokens included. */
  revoke(t: string): boolean {
    if (this.access.delete(t)) return true;
    const grant = this.refresh.get(t);
    if (!grant) return false;
    this.refresh.delete(t);
    for (const [access, g] of this.access) if (g.account === grant.account && g.clientId === grant.clientId) this.access.delete(access);
    return true;
  }

  reset(): void {
    this.pending.clear();
    this.codes.clear();
    this.access.clear();
    this.refresh.clear();
    this.accounts.clear();
    for (const a of SEEDED_ACCOUNTS) this.addAccount(a.name, a.email);
  }
}
