/** SPEC §8 generic error classes. */
export type ErrorType =
  | 'network'
  | 'authentication'
  | 'permission'
  | 'validation'
  | 'server'
  | 'client'
  | 'android_feature'
  | 'offline'
  | 'timeout'
  | 'unknown';

export type ErrorSeverity = 'low' | 'medium' | 'high' | 'critical';

/** SPEC §8 drive error kinds. */
export type DriveErrorType =
  | 'authentication_failed'
  | 'authentication_expired'
  | 'quota_exceeded'
  | 'permission_denied'
  | 'api_limit_exceeded'
  | 'file_too_large'
  | 'duplicate_file_name'
  | 'file_not_found'
  | 'folder_not_found'
  | 'folder_creation_failed'
  | 'upload_failed'
  | 'download_failed'
  | 'delete_failed'
  | 'network_error'
  | 'invalid_file_type'
  | 'insufficient_storage'
  | 'api_error'
  | 'timeout'
  | 'unknown';

/** SPEC §3 classified error record. */
export interface ClassifiedError {
  type: ErrorType;
  severity: ErrorSeverity;
  message: string;
  /** Always one of SPEC §8's user messages — the only text a person sees. */
  userMessage: string;
  code?: string | number;
  /** ISO date */
  timestamp: string;
  retryable: boolean;
  fallbackAvailable: boolean;
  context?: Record<string, unknown>;
  details?: unknown;
}

export interface ClassifiedDriveError extends ClassifiedError {
  driveErrorType: DriveErrorType;
  fileId?: string;
  fileName?: string;
  operation?: string;
  /** ms */
  retryAfter?: number;
}

/** Error logs kept by the shell: the last 100 general and 50 drive records (SPEC §9). */
export interface ErrorLogApi {
  /** Classifies, records and returns the record. */
  report(error: unknown, context?: Record<string, unknown>): ClassifiedError;
  reportDrive(error: ClassifiedDriveError): void;
  list(): readonly ClassifiedError[];
  listDrive(): readonly ClassifiedDriveError[];
  clear(): void;
}
