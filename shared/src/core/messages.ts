/**
 * Every exact text SPEC.md prescribes, in one module. UI and tests import them from here;
 * never retype a SPEC string elsewhere. Section numbers cite SPEC.md.
 */

/** §2 screen behaviours */
export const LOADING_TEXT = 'Loading...';
export const OFFLINE_BADGE_TEXT = "You're offline";
export const VIEW_FULL_PAGE = 'View Full Page';
export const APPLICATION_ERROR_TITLE = 'Application Error';
export const ERROR_SCREEN_BUTTONS = {
  tryAgain: 'Try Again',
  retry: (n: number) => `Retry (${n})`,
  retrying: 'Retrying...',
  reloadPage: 'Reload Page',
} as const;

/** §5 validation */
export const VALIDATION_MESSAGES = {
  invalidPortfolioName: 'Invalid portfolio name provided',
  unnamedPortfolio: 'Unnamed Portfolio',
  invalidDownloadId: 'Invalid file ID provided for download',
  invalidDeleteId: 'Invalid file ID provided for deletion',
  notAuthenticatedWithDrive: (provider: string) => `Not authenticated with ${provider}`,
  noAccessToken: (provider: string) => `No access token received from ${provider}`,
  signupNoUser: 'Signup failed - no user data returned',
  loginFailed: 'Login failed',
  consentRequired: 'You must accept the Terms of Service and Privacy Policy to continue.',
} as const;

/** §4 OAuth return handling */
export const oauthErrorMessage = (code: string) => `OAuth error: ${code}`;

/** §8 sign-in categories */
export type AuthErrorKind =
  | 'oauth_cancelled'
  | 'network_error'
  | 'timeout'
  | 'rate_limited'
  | 'popup_blocked'
  | 'account_conflict'
  | 'server_error'
  | 'invalid_credentials'
  | 'unknown_error';

export const AUTH_ERROR_MESSAGES: Record<AuthErrorKind, string> = {
  oauth_cancelled: 'Authentication was cancelled',
  network_error: 'Connection failed. Please check your internet connection and try again.',
  timeout: 'Authentication timed out. Please try again.',
  rate_limited: 'Too many authentication attempts. Please wait a moment and try again.',
  popup_blocked: 'Popup was blocked. Please allow popups for this site and try again.',
  account_conflict: 'An account with this email already exists. Please try signing in instead.',
  server_error: 'Authentication service is temporarily unavailable. Please try again later.',
  invalid_credentials: 'Authentication failed. Please try again or use email signup.',
  unknown_error: 'An unexpected error occurred during authentication.',
};

/** §8 user messages by status / class */
export const USER_MESSAGES = {
  unauthorized: 'Please sign in to continue.',
  forbidden: "You don't have permission to perform this action.",
  clientError: 'Invalid request. Please try again.',
  serverError: 'Server is temporarily unavailable. Please try again later.',
  timeout: 'Request timed out. Please try again.',
  permission: 'Permission denied. Please grant the required permissions.',
  unsupported: 'This feature is not available on your device.',
  validation: 'Please check your input and try again.',
  offline: "You're offline. Some features may not be available.",
  default: 'Something went wrong. Please try again.',
} as const;

/** §8 error screen titles */
export const ERROR_SCREEN_TITLES = {
  network: 'Connection Problem',
  noInternet: 'No Internet Connection',
  offline: "You're Offline",
  authentication: 'Authentication Required',
  permission: 'Permission Denied',
  server: 'Server Error',
  androidFeature: 'Feature Unavailable',
  default: 'Something went wrong',
} as const;

/** §4 / §9 error screen retry */
export const WAIT_ONLINE_TIMEOUT_MESSAGE = 'Timeout waiting for online connection';

/** §8 drive error titles / actions where SPEC gives them */
export const DRIVE_ERROR_TEXTS = {
  authentication_failed: { action: 'Sign in again' },
  authentication_expired: { title: 'Session Expired' },
  quota_exceeded: { title: 'Storage Full' },
  permission_denied: { title: 'Access Denied' },
  api_limit_exceeded: { title: 'Too Many Requests' },
  file_too_large: { detail: 'maximum 5TB' },
  duplicate_file_name: { detail: 'will be renamed automatically' },
} as const;

/** §8 other drive messages */
export const DRIVE_MESSAGES = {
  fetchFilesFailed: 'Failed to fetch files from the drive',
  fetchFoldersFailed: 'Failed to fetch folders from the drive',
  createPortfolioFolderFailed: 'Failed to create portfolio folder in the drive',
  createUncategorizedFolderFailed: 'Failed to create uncategorized folder in the drive',
  folderStructureFailed: 'Failed to retrieve folder structure',
  listPortfolioFoldersFailed: 'Failed to list portfolio folders',
  httpError: (status: number, text: string) => `HTTP ${status}: ${text}`,
  exportForbidden: 'download it as PDF first, then upload it here',
} as const;

/** §8 file access check */
export const FILE_ACCESS_MESSAGES = {
  notFound: 'File not found',
  accessDenied: 'Access denied',
  authenticationRequired: 'Authentication required',
  network: 'Network error or service unavailable',
  unknown: 'Unknown error',
} as const;

/** §2 / §4 install prompt */
export const INSTALL_TEXTS = {
  manualHintTitle: 'How to Install',
} as const;

/** §4 consent dialog buttons */
export const CONSENT_BUTTONS = {
  acceptAll: 'Accept All',
  acceptSelected: 'Accept Selected',
  declineAll: 'Decline All',
} as const;

/** §1 / §9 drive folder names */
export const DRIVE_FOLDER_NAMES = {
  appRoot: 'Dossier',
  uncategorized: 'Uncategorized',
  portfolio: (name: string) => `Portfolio: ${name}`,
} as const;

/**
 * §8 drive error kinds as a person sees them: title, message and action. SPEC gives some titles
 * and actions (DRIVE_ERROR_TEXTS); the rest are ours (ADR 0076).
 */
export const DRIVE_ERROR_DISPLAY = {
  authentication_failed: { title: 'Google Drive Not Connected', message: 'Google Drive needs you to sign in before it can continue.', action: DRIVE_ERROR_TEXTS.authentication_failed.action },
  authentication_expired: { title: DRIVE_ERROR_TEXTS.authentication_expired.title, message: 'Your Google Drive session has expired.', action: 'Reconnect Google Drive' },
  quota_exceeded: { title: DRIVE_ERROR_TEXTS.quota_exceeded.title, message: 'Your Google Drive storage is full.', action: 'Free up space in Google Drive, then try again' },
  permission_denied: { title: DRIVE_ERROR_TEXTS.permission_denied.title, message: "You don't have permission to use this item in Google Drive.", action: 'Ask the owner for access' },
  api_limit_exceeded: { title: DRIVE_ERROR_TEXTS.api_limit_exceeded.title, message: 'Google Drive is receiving too many requests right now.', action: 'Wait a moment, then try again' },
  file_too_large: { title: 'File Too Large', message: `The file is larger than Google Drive allows (${DRIVE_ERROR_TEXTS.file_too_large.detail}).`, action: 'Choose a smaller file' },
  duplicate_file_name: { title: 'Name Already Used', message: `A file with this name already exists; it ${DRIVE_ERROR_TEXTS.duplicate_file_name.detail}.`, action: 'No action needed' },
  file_not_found: { title: 'File Not Found', message: 'This file no longer exists in Google Drive, or it was moved.', action: 'Refresh the list' },
  folder_not_found: { title: 'Folder Not Found', message: 'This folder no longer exists in Google Drive, or it was moved.', action: 'Go back to My Drive' },
  folder_creation_failed: { title: 'Folder Not Created', message: 'The folder could not be created in Google Drive.', action: 'Try again' },
  upload_failed: { title: 'Upload Failed', message: 'The file could not be saved to Google Drive.', action: 'Try again' },
  download_failed: { title: 'Download Failed', message: 'The file could not be read from Google Drive.', action: 'Try again' },
  delete_failed: { title: 'Delete Failed', message: 'The file could not be deleted in Google Drive.', action: 'Try again' },
  network_error: { title: 'Connection Problem', message: 'Google Drive could not be reached. Check your internet connection.', action: 'Try again' },
  invalid_file_type: { title: 'Unsupported File', message: 'This kind of file cannot be imported.', action: 'Choose a PDF, Word file, image or Google document' },
  insufficient_storage: { title: 'Not Enough Storage', message: 'There is not enough storage space for this file.', action: 'Free up space, then try again' },
  api_error: { title: 'Google Drive Unavailable', message: 'Google Drive is having trouble right now.', action: 'Try again in a moment' },
  timeout: { title: 'Request Timed Out', message: 'Google Drive took too long to answer.', action: 'Try again' },
  unknown: { title: 'Something went wrong', message: 'Something went wrong with Google Drive.', action: 'Try again' },
} as const;

/** Drive connection texts SPEC describes without wording (§8), ours (ADR 0076). */
export const DRIVE_CONNECTION_MESSAGES = {
  provider: 'Google Drive',
  identityProvider: 'Google',
  popupCancelled: 'Google Drive connection was cancelled: the window was closed before access was granted.',
  popupTimeout: 'Google Drive did not answer in time. Please try again.',
  emptyFile: 'The file was still empty after retrying the download.',
  unavailable:
    'Google Drive could not be reached. This can be caused by network issues, a Google Drive outage, or a browser setting that blocks third-party scripts. Please try again.',
  circuitOpen: 'Google Drive is paused for a minute after repeated failures. It will be tried again shortly.',
  grantRevoked: 'Google Drive access was revoked or has expired. Connect again to continue.',
} as const;

/** Shared links and portfolios (issue 11): what a visitor sees; none of it reveals the document. */
export const SHARE_MESSAGES = {
  expired: 'This link has expired',
  unavailable: 'This link is no longer available',
  wrongPassword: 'That password is not right. Please try again.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  passwordRequired: 'This link is protected with a password.',
} as const;

/**
 * Issue 14: plans and payments (SPEC is silent on payments; the issue gives these texts).
 * A plan-limit refusal names the limit and how to raise it (the database says which limit).
 */
export const BILLING_MESSAGES = {
  paymentReceived: (plan: string) => `Payment received — you are on ${plan}`,
  paymentProcessing: 'Payment is still processing',
  activating: (plan: string) => `Payment received — your ${plan} plan is being switched on`,
  notCompleted: 'This payment was not completed. Nothing was charged.',
  expired: 'This checkout expired before payment. Nothing was charged.',
  notFound: 'We could not find this payment. Nothing was charged through this link.',
  missingSession: 'There is no payment to show here.',
} as const;

export const PLAN_LIMIT_MESSAGES = {
  documents: (plan: string, limit: string) => `Your ${plan} plan holds up to ${limit} documents. Upgrade your plan in Settings, or delete documents and empty the trash.`,
  storage: (plan: string, limit: string) => `Your ${plan} plan stores up to ${limit} of files. Upgrade your plan in Settings, or delete documents and empty the trash.`,
} as const;
