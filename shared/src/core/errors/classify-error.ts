import type { ClassifiedError, ErrorSeverity, ErrorType } from '@dossier/shared/contract';
import { ERROR_SCREEN_TITLES, PLAN_LIMIT_MESSAGES, USER_MESSAGES } from '../messages';
import { isNetworkFailure, readHttpStatus } from '../resilience/failure-kind';

/**
 * SPEC §8 classifier: every error a person can see goes through here, and only SPEC §8's user
 * messages leave it. Recognises HTTP statuses (fetch Responses, supabase-js and Drive errors carry
 * `status`), the platform's error classes (./error-classes) by name, browser DOMException names
 * and the usual network-failure messages.
 */

type Shape = { name?: unknown; message?: unknown; status?: unknown; statusCode?: unknown; code?: unknown; details?: unknown; cause?: unknown; response?: { status?: unknown } };

// The database's refusal when a plan limit is reached (supabase/migrations/…_plans_and_billing.sql,
// ADR 0090): it reaches the browser in PostgREST's message or in Storage's error message.
const PLAN_LIMIT_PATTERN = /Plan limit reached: the (.+?) plan (?:holds up to ([\d,]+) documents|stores up to (.+?) of files)/;

export interface PlanLimit {
  kind: 'documents' | 'storage';
  plan: string;
  /** As the database wrote it: "100", "1 GB". */
  limit: string;
}

/** The plan limit an error reports, from its message, details or cause; null for any other error. */
export function planLimitOf(error: unknown): PlanLimit | null {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const shape = current as Shape;
    for (const text of [shape.message, shape.details]) {
      const m = typeof text === 'string' ? PLAN_LIMIT_PATTERN.exec(text) : null;
      if (m) return m[2] !== undefined ? { kind: 'documents', plan: m[1], limit: m[2] } : { kind: 'storage', plan: m[1], limit: m[3] };
    }
    current = shape.cause;
  }
  return typeof error === 'string' ? planLimitOf({ message: error }) : null;
}

const TIMEOUT_PATTERN = /timed? ?out|timeout/i;

/** The error's HTTP status (the one reader: resilience/failure-kind.ts, PostgREST codes included), if it is a failure status. */
function statusOf(error: unknown): number | undefined {
  const status = readHttpStatus(error);
  return status !== undefined && status >= 400 && status < 600 ? status : undefined;
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

interface Decision {
  type: ErrorType;
  severity: ErrorSeverity;
  userMessage: string;
  retryable: boolean;
  fallbackAvailable?: boolean;
}

function decide(error: Shape, status: number | undefined): Decision {
  const name = typeof error.name === 'string' ? error.name : '';
  const message = typeof error.message === 'string' ? error.message : '';

  const limit = planLimitOf(error);
  if (limit) {
    return { type: 'validation', severity: 'low', userMessage: PLAN_LIMIT_MESSAGES[limit.kind](limit.plan, limit.limit), retryable: false };
  }
  if (name === 'OfflineError') return { type: 'offline', severity: 'medium', userMessage: USER_MESSAGES.offline, retryable: true };
  if (name === 'ContractVersionError' || name === 'SharedVersionError') return { type: 'client', severity: 'critical', userMessage: USER_MESSAGES.default, retryable: false };
  if (name === 'ValidationError') return { type: 'validation', severity: 'low', userMessage: USER_MESSAGES.validation, retryable: false };
  if (name === 'UnsupportedFeatureError' || name === 'NotSupportedError') {
    return { type: 'android_feature', severity: 'low', userMessage: USER_MESSAGES.unsupported, retryable: false, fallbackAvailable: true };
  }
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError') {
    return { type: 'permission', severity: 'medium', userMessage: USER_MESSAGES.permission, retryable: false };
  }

  if (status !== undefined) {
    if (status === 401) return { type: 'authentication', severity: 'high', userMessage: USER_MESSAGES.unauthorized, retryable: false };
    if (status === 403) return { type: 'permission', severity: 'medium', userMessage: USER_MESSAGES.forbidden, retryable: false };
    if (status === 408) return { type: 'timeout', severity: 'medium', userMessage: USER_MESSAGES.timeout, retryable: true };
    if (status >= 500) return { type: 'server', severity: 'high', userMessage: USER_MESSAGES.serverError, retryable: true };
    // 429 is a client error, but waiting makes it succeed.
    return { type: 'client', severity: 'medium', userMessage: USER_MESSAGES.clientError, retryable: status === 429 };
  }

  if (name === 'TimeoutError' || (name !== 'RemoteLoadError' && TIMEOUT_PATTERN.test(message))) {
    return { type: 'timeout', severity: 'medium', userMessage: USER_MESSAGES.timeout, retryable: true };
  }
  if (name === 'RemoteLoadError' || isNetworkFailure(error)) {
    // Offline at the time of the failure: say so, it is the more useful message.
    if (isOffline()) return { type: 'network', severity: 'medium', userMessage: USER_MESSAGES.offline, retryable: true };
    return { type: 'network', severity: 'medium', userMessage: USER_MESSAGES.default, retryable: true };
  }
  if (isOffline()) return { type: 'offline', severity: 'medium', userMessage: USER_MESSAGES.offline, retryable: true };
  // An unknown failure (e.g. a component that threw while rendering) may well pass on a re-render.
  return { type: 'unknown', severity: 'medium', userMessage: USER_MESSAGES.default, retryable: true };
}

export function classifyError(error: unknown, context?: Record<string, unknown>): ClassifiedError {
  const shape: Shape = typeof error === 'object' && error !== null ? (error as Shape) : { message: typeof error === 'string' ? error : undefined };
  const status = statusOf(error);
  const decision = decide(shape, status);
  const code = status ?? (typeof shape.code === 'string' || typeof shape.code === 'number' ? shape.code : undefined);
  return {
    type: decision.type,
    severity: decision.severity,
    message: typeof shape.message === 'string' && shape.message ? shape.message : String(error),
    userMessage: decision.userMessage,
    ...(code !== undefined ? { code } : {}),
    timestamp: new Date().toISOString(),
    retryable: decision.retryable,
    fallbackAvailable: decision.fallbackAvailable ?? false,
    ...(context ? { context } : {}),
    details: error,
  };
}

/** SPEC §8 error screen title for a classified error. `online` defaults to navigator.onLine. */
export function errorScreenTitle(error: Pick<ClassifiedError, 'type'>, online: boolean = !isOffline()): string {
  switch (error.type) {
    case 'network':
      return online ? ERROR_SCREEN_TITLES.network : ERROR_SCREEN_TITLES.noInternet;
    case 'offline':
      return ERROR_SCREEN_TITLES.offline;
    case 'authentication':
      return ERROR_SCREEN_TITLES.authentication;
    case 'permission':
      return ERROR_SCREEN_TITLES.permission;
    case 'server':
      return ERROR_SCREEN_TITLES.server;
    case 'android_feature':
      return ERROR_SCREEN_TITLES.androidFeature;
    default:
      return ERROR_SCREEN_TITLES.default;
  }
}
