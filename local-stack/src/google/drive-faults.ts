import type { Context, Hono } from 'hono';
import { driveError, REASON_MESSAGES } from './drive-errors.js';

export const DRIVE_OPERATIONS = ['list', 'get', 'media', 'export', 'create', 'upload', 'update', 'delete', 'about'] as const;
export type DriveOperation = (typeof DRIVE_OPERATIONS)[number];

/** One scripted misbehaviour for the next `count` calls of an operation. */
export interface DriveFault {
  operation: DriveOperation;
  count: number;
  /** Answer with this status (and Google's error body for `reason`). */
  status?: number;
  reason?: string;
  message?: string;
  /** Seconds, sent as Retry-After. */
  retryAfter?: number;
  /** Wait before answering (or before the real answer when no status is given). */
  delayMs?: number;
  /** 200 with an empty body. */
  emptyBody?: boolean;
  /** Close the connection without an answer. */
  drop?: boolean;
  /**
   * With `drop`, on a resumable upload's PUT only: the first `keepBytes` bytes of the chunk arrive
   * (Drive keeps them, as Google keeps what it received) and then the connection is cut — a
   * network drop mid-upload. The next status query answers 308 with the Range that arrived.
   */
  keepBytes?: number;
  /**
   * A slower line (the bench's Drive profile, ADR 0235): the real answer's body arrives at this
   * many bytes a second (with `delayMs`, after that wait: Drive's time to first byte).
   */
  bytesPerSecond?: number;
}

/** Requests whose answer is to be paced at this many bytes a second (set by a `bytesPerSecond` fault). */
const paced = new WeakMap<Request, number>();

const PACE_CHUNK = 64 * 1024;

/** The answer as armed for this request: its body paced when a `bytesPerSecond` fault was taken. */
export function shapeAnswer(c: Context, res: Response): Response {
  const rate = paced.get(c.req.raw);
  if (!rate || !res.body) return res;
  paced.delete(c.req.raw);
  const reader = res.body.getReader();
  const started = performance.now();
  let sent = 0;
  let pending: Uint8Array | null = null;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!pending || pending.length === 0) {
        const { value, done } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        pending = value;
      }
      const chunk: Uint8Array = pending.subarray(0, PACE_CHUNK);
      pending = pending.subarray(chunk.length);
      sent += chunk.length;
      const due = (sent / rate) * 1000 - (performance.now() - started);
      if (due > 0) await new Promise((r) => setTimeout(r, due));
      controller.enqueue(chunk);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(body, { status: res.status, headers: res.headers });
}

/** Requests whose resumable chunk is to be cut after this many bytes (set by a `keepBytes` fault). */
const partialDrops = new WeakMap<Request, number>();

/** The `keepBytes` of a fault armed for this request, once. */
export function takePartialDrop(c: Context): number | undefined {
  const keep = partialDrops.get(c.req.raw);
  partialDrops.delete(c.req.raw);
  return keep;
}

/** Cuts the connection without an answer. */
export function dropConnection(c: Context): Response {
  const incoming = (c.env as { incoming?: { socket?: { destroy(): void } } } | undefined)?.incoming;
  incoming?.socket?.destroy();
  // Without a socket to cut (app.fetch in tests), a body that fails midway is the same to a client.
  return new Response(
    new ReadableStream({
      start(controller) {
        controller.error(new Error('connection dropped by fault injection'));
      },
    }),
    { status: 200 },
  );
}

const DEFAULT_REASON: Record<number, string> = {
  400: 'badRequest',
  401: 'authError',
  403: 'insufficientFilePermissions',
  404: 'notFound',
  409: 'conflict',
  413: 'uploadTooLarge',
  429: 'rateLimitExceeded',
  500: 'backendError',
  502: 'badGateway',
  503: 'serviceUnavailable',
  504: 'deadlineExceeded',
};

/**
 * Drive fault injection per operation, driven through `/__emulator/drive/faults`, plus call
 * counters (`/__emulator/drive/stats`) so tests can see how often the app retried.
 */
export class DriveFaults {
  private faults: DriveFault[] = [];
  readonly calls = new Map<DriveOperation, number>();

  add(f: DriveFault): void {
    this.faults.push({ ...f });
  }

  clear(): void {
    this.faults = [];
    this.calls.clear();
  }

  /** Counts the call and answers it when a fault is armed; null lets the real handler run. */
  async apply(operation: DriveOperation, c: Context): Promise<Response | null> {
    this.calls.set(operation, (this.calls.get(operation) ?? 0) + 1);
    const i = this.faults.findIndex((f) => f.operation === operation && f.count > 0 && (f.keepBytes === undefined || c.req.method === 'PUT'));
    if (i === -1) return null;
    const f = this.faults[i];
    f.count -= 1;
    if (f.count <= 0) this.faults.splice(i, 1);
    if (f.delayMs) await new Promise((r) => setTimeout(r, f.delayMs));
    if (f.bytesPerSecond && !f.status) {
      paced.set(c.req.raw, f.bytesPerSecond);
      return null;
    }
    if (f.drop && f.keepBytes !== undefined) {
      // The upload handler takes the first bytes, then cuts (see takePartialDrop).
      partialDrops.set(c.req.raw, Math.max(0, Math.floor(f.keepBytes)));
      return null;
    }
    if (f.drop) return dropConnection(c);
    if (f.emptyBody) return new Response(null, { status: 200, headers: { 'content-length': '0' } });
    if (!f.status) return null;
    const reason = f.reason ?? DEFAULT_REASON[f.status] ?? 'backendError';
    const headers: Record<string, string> = f.retryAfter !== undefined ? { 'retry-after': String(f.retryAfter) } : {};
    return driveError(f.status, reason, { message: f.message ?? REASON_MESSAGES[reason]?.message }, headers);
  }

  register(app: Hono): void {
    app.get('/__emulator/drive/faults', (c) => c.json({ faults: this.faults }));
    app.get('/__emulator/drive/stats', (c) => c.json({ calls: Object.fromEntries(this.calls) }));
    app.post('/__emulator/drive/faults', async (c) => {
      const b = (await c.req.json().catch(() => null)) as Partial<DriveFault> | null;
      if (!b || !DRIVE_OPERATIONS.includes(b.operation as DriveOperation)) {
        return c.json({ error: `operation must be one of ${DRIVE_OPERATIONS.join(', ')}` }, 400);
      }
      if (b.status !== undefined && (typeof b.status !== 'number' || b.status < 100 || b.status > 599)) return c.json({ error: 'status must be 100-599' }, 400);
      if (b.status === undefined && !b.delayMs && !b.emptyBody && !b.drop && !b.bytesPerSecond) return c.json({ error: 'give a status, delayMs, bytesPerSecond, emptyBody or drop' }, 400);
      if (b.bytesPerSecond !== undefined && (typeof b.bytesPerSecond !== 'number' || b.bytesPerSecond <= 0)) return c.json({ error: 'bytesPerSecond must be a positive number' }, 400);
      const fault: DriveFault = {
        operation: b.operation as DriveOperation,
        count: typeof b.count === 'number' && b.count > 0 ? b.count : 1,
        status: b.status,
        reason: b.reason,
        message: b.message,
        retryAfter: b.retryAfter,
        delayMs: b.delayMs,
        emptyBody: b.emptyBody,
        drop: b.drop,
        keepBytes: typeof b.keepBytes === 'number' ? b.keepBytes : undefined,
        bytesPerSecond: b.bytesPerSecond,
      };
      this.add(fault);
      return c.json({ fault }, 201);
    });
    app.delete('/__emulator/drive/faults', (c) => {
      this.clear();
      return c.body(null, 204);
    });
  }
}
