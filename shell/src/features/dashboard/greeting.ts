/** Whose dashboard has been seen on this device: the first visit says "Welcome", later ones "Welcome back". */
const SEEN_KEY = 'dossier-dashboard-seen';
const NEW_ACCOUNT_MS = 24 * 60 * 60_000;

function seenUsers(storage: Storage): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(SEEN_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A first visit: this device has not shown this person's dashboard before, and the account is
 * new (under a day old) — a person who signed up weeks ago and uses a new phone is still "back".
 */
export function isFirstVisit(user: { id: string; createdAt?: string | null }, storage: Storage = localStorage, now = Date.now()): boolean {
  if (seenUsers(storage).includes(user.id)) return false;
  const created = user.createdAt ? Date.parse(user.createdAt) : Number.NaN;
  return Number.isFinite(created) && now - created < NEW_ACCOUNT_MS;
}

export function markVisited(userId: string, storage: Storage = localStorage): void {
  try {
    const seen = seenUsers(storage);
    if (!seen.includes(userId)) storage.setItem(SEEN_KEY, JSON.stringify([...seen, userId].slice(-20)));
  } catch {
    // Private mode: the greeting is all that is lost.
  }
}

export function greeting(name: string, first: boolean): string {
  return first ? `Welcome, ${name}` : `Welcome back, ${name}`;
}
