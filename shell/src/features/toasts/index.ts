export { createToasts } from './create-toasts';
export { ToastViewport, STACKED_TOASTER_ID, SINGLE_TOASTER_ID } from './toast-viewport';
