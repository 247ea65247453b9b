import type { Database } from '../db/types.js';

/**
 * Whether the user a token names still exists. An access token stays valid until it expires
 * (an hour), but a deleted account must not keep uploading or querying with it. A positive answer
 * is remembered for a few seconds (one lookup per user and burst, not per request); deleting a
 * user through the stack forgets it at once.
 */
export class LiveUsers {
  private known = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly rememberMs = 5000,
  ) {}

  async exists(sub: string): Promise<boolean> {
    const until = this.known.get(sub);
    if (until !== undefined && until > Date.now()) return true;
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sub)) return false;
    const r = await this.db.admin((q) => q.query(`select 1 from auth.users where id = $1 and deleted_at is null`, [sub]));
    if (r.rows.length === 0) return false;
    if (this.known.size >= 10_000) this.known.clear();
    this.known.set(sub, Date.now() + this.rememberMs);
    return true;
  }

  forget(sub: string): void {
    this.known.delete(sub);
  }
}

const byDb = new WeakMap<Database, LiveUsers>();

/** The one LiveUsers of a database (shared by REST, Storage and Auth's admin routes). */
export function liveUsers(db: Database): LiveUsers {
  let users = byDb.get(db);
  if (!users) {
    users = new LiveUsers(db);
    byDb.set(db, users);
  }
  return users;
}
