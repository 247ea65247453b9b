/**
 * Fixed-window counters per (bucket, client IP), kept in memory: the local stack is one process.
 * `take` answers how many seconds to wait when the budget of the current window is spent.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  take(bucket: string, ip: string, limit: number, windowSeconds: number): { ok: true } | { ok: false; retryAfter: number } {
    const key = `${bucket}\u0000${ip}`;
    const t = this.now();
    let w = this.windows.get(key);
    if (!w || t - w.start >= windowSeconds * 1000) {
      w = { start: t, count: 0 };
      this.windows.set(key, w);
    }
    if (w.count >= limit) {
      return { ok: false, retryAfter: Math.max(1, Math.ceil((w.start + windowSeconds * 1000 - t) / 1000)) };
    }
    w.count += 1;
    return { ok: true };
  }
}
