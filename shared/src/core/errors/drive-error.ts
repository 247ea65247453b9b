import type { ClassifiedDriveError, DriveErrorType, ErrorSeverity, ErrorType } from '@dossier/shared/contract';
import { DRIVE_ERROR_DISPLAY, DRIVE_MESSAGES, USER_MESSAGES } from '../messages';

/** What the drive call was doing, to tell a missing folder from a missing file and for the log. */
export interface DriveErrorContext {
  operation: string;
  fileId?: string;
  fileName?: string;
  /** The call addressed a folder (404 becomes folder_not_found). */
  folder?: boolean;
}

const RETRYABLE: readonly DriveErrorType[] = ['api_limit_exceeded', 'api_error', 'network_error', 'timeout'];

const GENERIC: Record<DriveErrorType, { type: ErrorType; severity: ErrorSeverity }> = {
  authentication_failed: { type: 'authentication', severity: 'high' },
  authentication_expired: { type: 'authentication', severity: 'medium' },
  quota_exceeded: { type: 'client', severity: 'high' },
  permission_denied: { type: 'permission', severity: 'medium' },
  api_limit_exceeded: { type: 'server', severity: 'medium' },
  file_too_large: { type: 'validation', severity: 'medium' },
  duplicate_file_name: { type: 'client', severity: 'low' },
  file_not_found: { type: 'client', severity: 'medium' },
  folder_not_found: { type: 'client', severity: 'medium' },
  folder_creation_failed: { type: 'server', severity: 'medium' },
  upload_failed: { type: 'server', severity: 'medium' },
  download_failed: { type: 'server', severity: 'medium' },
  delete_failed: { type: 'server', severity: 'medium' },
  network_error: { type: 'network', severity: 'medium' },
  invalid_file_type: { type: 'validation', severity: 'low' },
  insufficient_storage: { type: 'client', severity: 'high' },
  api_error: { type: 'server', severity: 'high' },
  timeout: { type: 'timeout', severity: 'medium' },
  unknown: { type: 'unknown', severity: 'medium' },
};

function userMessageFor(status: number | undefined, type: ErrorType): string {
  if (status === 401) return USER_MESSAGES.unauthorized;
  if (status === 403) return USER_MESSAGES.forbidden;
  if (status !== undefined && status >= 500) return USER_MESSAGES.serverError;
  if (status !== undefined && status >= 400) return USER_MESSAGES.clientError;
  if (type === 'network') return USER_MESSAGES.offline;
  if (type === 'timeout') return USER_MESSAGES.timeout;
  return USER_MESSAGES.default;
}

/**
 * A classified drive error (SPEC §3 record, §8 kinds). `title` / `action` / `displayMessage` are what
 * the person sees; `message` is the technical 'HTTP {status}: {text}'.
 */
export class DriveError extends Error implements ClassifiedDriveError {
  override readonly name = 'DriveError';
  readonly type: ErrorType;
  readonly severity: ErrorSeverity;
  readonly userMessage: string;
  readonly timestamp: string;
  readonly retryable: boolean;
  readonly fallbackAvailable = false;
  readonly operation: string;
  readonly fileId?: string;
  readonly fileName?: string;
  readonly context?: Record<string, unknown>;
  readonly details?: unknown;

  constructor(
    readonly driveErrorType: DriveErrorType,
    message: string,
    ctx: DriveErrorContext,
    extra: { status?: number; reason?: string; retryAfter?: number; details?: unknown } = {},
  ) {
    super(message);
    const generic = GENERIC[driveErrorType];
    this.type = generic.type;
    this.severity = generic.severity;
    this.status = extra.status;
    this.reason = extra.reason;
    this.retryAfter = extra.retryAfter;
    this.code = extra.reason ?? extra.status;
    this.userMessage = userMessageFor(extra.status, generic.type);
    this.timestamp = new Date().toISOString();
    this.retryable = RETRYABLE.includes(driveErrorType);
    this.operation = ctx.operation;
    this.fileId = ctx.fileId;
    this.fileName = ctx.fileName;
    this.context = { ...ctx };
    this.details = extra.details;
  }

  readonly status?: number;
  /** Google's `errors[0].reason` (fileNotDownloadable, exportSizeLimitExceeded, …). */
  readonly reason?: string;
  /** ms */
  readonly retryAfter?: number;
  readonly code?: string | number;

  get title(): string {
    return DRIVE_ERROR_DISPLAY[this.driveErrorType].title;
  }
  get action(): string {
    return DRIVE_ERROR_DISPLAY[this.driveErrorType].action;
  }
  /** The sentence for the person; the export refusal gets SPEC's own advice. */
  get displayMessage(): string {
    if (this.reason === 'circuitOpen' || this.reason === 'emptyFile') return this.message;
    if (this.reason === 'fileNotDownloadable' || this.reason === 'exportSizeLimitExceeded' || this.reason === 'fileNotExportable') {
      return `This Google document cannot be exported: ${DRIVE_MESSAGES.exportForbidden}.`;
    }
    return DRIVE_ERROR_DISPLAY[this.driveErrorType].message;
  }

  /** A plain record for the error log (SPEC §3 classified error record). */
  toRecord(): ClassifiedDriveError {
    return {
      type: this.type,
      severity: this.severity,
      message: this.message,
      userMessage: this.userMessage,
      code: this.code,
      timestamp: this.timestamp,
      retryable: this.retryable,
      fallbackAvailable: this.fallbackAvailable,
      context: this.context,
      details: this.details,
      driveErrorType: this.driveErrorType,
      fileId: this.fileId,
      fileName: this.fileName,
      operation: this.operation,
      retryAfter: this.retryAfter,
    };
  }
}

/**
 * SPEC §8 status mapping: 401 expired; 403 quota (storage/space/quota), rate limit (limit/rate) or
 * permission denied; 404 file or folder not found; 409 duplicate; 413 too large; 429 rate limit;
 * 500/502/503/504 api_error (retryable). Other statuses are api_error, not retryable.
 */
export function driveErrorTypeForStatus(status: number, text: string, ctx: Pick<DriveErrorContext, 'folder'>): DriveErrorType {
  const lower = text.toLowerCase();
  if (status === 401) return 'authentication_expired';
  if (status === 403) {
    if (/storage|space|quota/.test(lower)) return 'quota_exceeded';
    if (/limit|rate/.test(lower)) return 'api_limit_exceeded';
    return 'permission_denied';
  }
  if (status === 404) return ctx.folder ? 'folder_not_found' : 'file_not_found';
  if (status === 409) return 'duplicate_file_name';
  if (status === 413) return 'file_too_large';
  if (status === 429) return 'api_limit_exceeded';
  return 'api_error';
}

/** Reads a non-success Drive response into a DriveError (body: Google's error JSON when present). */
export async function driveErrorFromResponse(res: Response, ctx: DriveErrorContext): Promise<DriveError> {
  let text = res.statusText || `HTTP ${res.status}`;
  let reason: string | undefined;
  let details: unknown;
  try {
    const body = (await res.json()) as { error?: { message?: string; errors?: Array<{ reason?: string; message?: string }> } };
    details = body;
    const first = body.error?.errors?.[0];
    text = first?.message ?? body.error?.message ?? text;
    reason = first?.reason;
  } catch {
    // not JSON: keep the status text
  }
  const header = res.headers.get('retry-after');
  const seconds = header !== null ? Number(header) : NaN;
  const retryAfter = Number.isFinite(seconds) ? seconds * 1000 : undefined;
  const type = driveErrorTypeForStatus(res.status, text, ctx);
  return new DriveError(type, DRIVE_MESSAGES.httpError(res.status, text), ctx, { status: res.status, reason, retryAfter, details });
}

/** A fetch that never got an answer: network_error, or timeout when it was aborted by a time limit. */
export function driveErrorFromFailure(error: unknown, ctx: DriveErrorContext): DriveError {
  if (error instanceof DriveError) return error;
  const name = (error as { name?: string } | null)?.name;
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'TimeoutError') return new DriveError('timeout', message, ctx, { details: error });
  return new DriveError('network_error', message, ctx, { details: error });
}
