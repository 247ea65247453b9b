import type { Hono, MiddlewareHandler } from 'hono';

/** A scripted failure: the next `count` requests matching `path` (and `method`) get `status`. */
export interface Fault {
  path: string;
  method?: string;
  status: number;
  count: number;
  body?: unknown;
  /** Delay before answering, to provoke client time-outs. */
  delayMs?: number;
}

/**
 * Fault injection for tests: `POST /__emulator/faults {path, status, count}` makes matching
 * requests fail. `path` is exact, or a prefix when it ends with `*`. `DELETE` clears them all.
 */
export class FaultInjector {
  private faults: Fault[] = [];

  add(f: Fault): void {
    this.faults.push({ ...f, method: f.method?.toUpperCase() });
  }

  clear(): void {
    this.faults = [];
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  take(method: string, path: string): Fault | null {
    const i = this.faults.findIndex(
      (f) => f.count > 0 && (!f.method || f.method === method) && (f.path.endsWith('*') ? path.startsWith(f.path.slice(0, -1)) : f.path === path),
    );
    if (i === -1) return null;
    const f = this.faults[i];
    f.count -= 1;
    if (f.count <= 0) this.faults.splice(i, 1);
    return f;
  }

  middleware(): MiddlewareHandler {
    return async (c, next) => {
      if (c.req.path.startsWith('/__emulator/')) return next();
      const f = this.take(c.req.method, c.req.path);
      if (!f) return next();
      if (f.delayMs) await new Promise((r) => setTimeout(r, f.delayMs));
      const body = f.body ?? { error: { code: f.status, message: `Injected fault (HTTP ${f.status})`, status: 'INJECTED_FAULT' } };
      return new Response(JSON.stringify(body), { status: f.status, headers: { 'content-type': 'application/json; charset=UTF-8' } });
    };
  }

  register(app: Hono): void {
    app.get('/__emulator/faults', (c) => c.json({ faults: this.list() }));
    app.post('/__emulator/faults', async (c) => {
      const b = (await c.req.json().catch(() => null)) as Partial<Fault> | null;
      if (!b || typeof b.path !== 'string' || typeof b.status !== 'number' || b.status < 100 || b.status > 599) {
        return c.json({ error: 'path (string) and status (100-599) are required' }, 400);
      }
      const fault: Fault = { path: b.path, status: b.status, count: typeof b.count === 'number' && b.count > 0 ? b.count : 1, method: b.method, body: b.body, delayMs: b.delayMs };
      this.add(fault);
      return c.json({ fault }, 201);
    });
    app.delete('/__emulator/faults', (c) => {
      this.clear();
      return c.body(null, 204);
    });
  }
}
