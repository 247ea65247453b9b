import type { ToastApi } from '@dossier/shared';
import type { ShellPart } from '../../services/shell-part';
import { createSonnerToastSystem } from './sonner-toast-system';
import { SINGLE_TOASTER_ID, STACKED_TOASTER_ID, ToastViewport } from './toast-viewport';

/** SPEC §4/§9 toasts: the stacked system (3 visible) and the single system (one at a time). */
export function createToasts(): ShellPart<ToastApi> {
  return {
    api: {
      stacked: createSonnerToastSystem({ toasterId: STACKED_TOASTER_ID }),
      single: createSonnerToastSystem({ toasterId: SINGLE_TOASTER_ID, single: true }),
    },
    Overlay: ToastViewport,
  };
}
