// The shared formatters (shared/src/core/format.ts), under the name this area's files import.
export { daysUntil, formatBytes, formatDate } from '@dossier/shared/core';
