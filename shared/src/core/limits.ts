/**
 * SPEC §9 business constants and limits (section cited per group). Durations in ms unless named.
 */

/** §9 drive */
export const DRIVE_LIMITS = {
  listPageSize: 50,
  folderCacheTtlMs: 5 * 60_000,
  folderNameMaxLength: 100,
  conflictRenameCap: 100,
  popupWidth: 500,
  popupHeight: 600,
  popupClosedPollMs: 1_000,
  authTimeoutMs: 60_000,
  authHardCapMs: 120_000,
  defaultTokenLifetimeSeconds: 3600,
  refreshMarginMs: 5 * 60_000,
  maxFileSizeBytes: 5 * 1024 ** 4, // 5 TB (§8 file_too_large)
} as const;

/** §9 general retry defaults */
export const RETRY_DEFAULTS = {
  attempts: 3,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  multiplier: 2,
  jitterRatio: 0.3,
  rateLimitMinDelayMs: 5_000,
  networkMaxDelayMs: 10_000,
  timeoutDelayMultiplier: 1.5,
} as const;

/** §9 per-operation retry policies */
export const OPERATION_RETRY = {
  authenticate: { attempts: 2, baseDelayMs: 2_000 },
  download: { attempts: 3, minDelayMs: 1_000, maxDelayMs: 10_000, emptyFileDelaysMs: [2_000, 5_000] },
  upload: { attempts: 3, minDelayMs: 2_000, maxDelayMs: 15_000 },
  delete: { attempts: 3, maxDelayMs: 8_000 },
  folderCreation: { attempts: 3, baseDelayMs: 1_000, maxDelayMs: 5_000 },
  driveInit: { attempts: 3, delaysMs: [1_000, 2_000], maxDelayMs: 5_000 },
} as const;

/** §4 / §9 identity-provider sign-in retry: 3 attempts, 1 s then 2 s. */
export const OAUTH_SIGN_IN_RETRY = { attempts: 3, delaysMs: [1_000, 2_000] } as const;

/** §9 circuit breaker */
export const CIRCUIT_BREAKER = { failureThreshold: 5, resetMs: 60_000, monitoringWindowMs: 5 * 60_000 } as const;

/** §9 errors, logout, session */
export const ERROR_LOG_SIZE = { general: 100, drive: 50 } as const;
export const ERROR_RETRY_LIMIT = 3;
export const WAIT_ONLINE_TIMEOUT_MS = 10_000;
export const ERROR_RETRY_PAUSE_MS = 1_000;
export const LOGOUT_DELAY_MS = 500;
export const SESSION_POLL = { attempts: 10, intervalMs: 500 } as const;

/** §9 toasts */
export const TOASTS = { visible: 3, durationMs: 4_000, gapPx: 14, widthPx: 356 } as const;

/** §9 consent */
export const CONSENT = { storageKey: 'dossier-consent', version: '1.0', expiryMs: 365 * 24 * 60 * 60_000, dialogDelayMs: 100 } as const;

/** §9 install prompt */
export const INSTALL_PROMPT = { dismissalMs: 24 * 60 * 60_000, manualHintAfterMs: 10_000 } as const;

/** §7 data-query defaults */
export const QUERY_DEFAULTS = {
  staleTimeMs: 5 * 60_000,
  maxRetries: 2,
  retryBaseMs: 1_000,
  retryMaxMs: 30_000,
  mutationRetries: 1,
} as const;

/** §9 measurements */
export const METRICS_KEPT = 100;
export const WEB_VITAL_THRESHOLDS = {
  LCP: { good: 2_500, poor: 4_000 },
  FID: { good: 100, poor: 300 },
  CLS: { good: 0.1, poor: 0.25 },
  TTFB: { good: 800, poor: 1_800 },
} as const;

/** §9 network strategy */
export const NETWORK_STRATEGY = {
  slowMaxMbps: 0.5,
  mediumMaxMbps: 1.5,
  preloadTimeoutMs: 5_000,
  geolocationTimeoutMs: 5_000,
} as const;

/** §7 service worker: versioned API fallback cache */
export const API_FALLBACK_CACHE = { name: 'dossier-api-fallback', version: 2 } as const;

/** Documents (issue 5; SPEC is silent): upload limit default 50 MB, trash kept 30 days. */
export const DOCUMENT_LIMITS = {
  uploadMaxBytes: 50 * 1024 * 1024,
  trashRetentionDays: 30,
  expiringSoonDays: 60,
} as const;

/**
 * The largest file this deployment takes: its app config's `uploadMaxBytes` (a self-hoster's
 * Storage limit), else the product's default. Every way a file enters — an upload, a share, a
 * Drive import, a re-imported export — checks against this one figure.
 */
export function uploadLimitBytes(config: { uploadMaxBytes?: number }): number {
  return config.uploadMaxBytes && config.uploadMaxBytes > 0 ? config.uploadMaxBytes : DOCUMENT_LIMITS.uploadMaxBytes;
}

/** §5 / §9 legal facts stated in the legal texts */
export const LEGAL_FACTS = {
  minimumAge: 13,
  parentalPermissionUnder: 18,
  privacyRequestResponseDays: 30,
  accountDeletionDays: 30,
  usageDataRetentionYears: 2,
  liabilityCapMonthsOfFees: 12,
} as const;
