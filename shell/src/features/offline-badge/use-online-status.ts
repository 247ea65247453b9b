/** navigator.onLine, following the browser's online/offline events (one hook for every area). */
export { useOnline as useOnlineStatus } from '@dossier/shared/ui';
