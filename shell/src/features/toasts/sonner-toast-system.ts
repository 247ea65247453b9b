import type { ExternalToast } from 'sonner';
import type { ToastOptions, ToastSystem, ToastVariant } from '@dossier/shared';
import { TOASTS } from '@dossier/shared/core';
import { announceBeforeSonner, withSonner, type SonnerModule } from './sonner-module';

/** Marks a toast whose exit must not animate: `remove` means gone at once (see toasts.css). */
export const REMOVED_AT_ONCE_CLASS = 'dossier-toast-removed';

type Show = (title: ToastOptions['title'], data?: ExternalToast) => string | number;

/** sonner's call for each variant. */
function showFor({ toast }: SonnerModule, variant: ToastVariant): Show {
  return variant === 'default' ? toast : toast[variant];
}

export interface SonnerToastSystemOptions {
  /** The <Toaster id> that renders this system's toasts. */
  toasterId: string;
  /** One at a time: a new toast replaces the current one. */
  single?: boolean;
}

/**
 * One SPEC §4 toast system (add, update, dismiss, remove) on top of sonner. Sonner's `toast()`
 * with an existing id updates in place but replaces every field, so the system remembers each
 * live toast's options to merge a partial update into. Calls made before sonner has arrived are
 * played in order once it has (sonner-module.ts); what the system remembers is updated at once.
 */
export function createSonnerToastSystem({ toasterId, single = false }: SonnerToastSystemOptions): ToastSystem {
  const live = new Map<string, ToastOptions & { id: string }>();
  let counter = 0;

  const show = (options: ToastOptions & { id: string }, className?: string) => {
    const forget = () => live.delete(options.id);
    if (className !== REMOVED_AT_ONCE_CLASS) announceBeforeSonner([options.title, options.description].filter((part) => typeof part === 'string' && part).join('. '));
    withSonner((sonner) =>
      showFor(sonner, options.variant ?? 'default')(options.title, {
        id: options.id,
        toasterId,
        description: options.description,
        duration: options.duration ?? TOASTS.durationMs,
        action: options.action ? { label: options.action.label, onClick: () => options.action?.onClick() } : undefined,
        className,
        onDismiss: forget,
        onAutoClose: forget,
      }),
    );
  };
  const dismiss = (id: string) => withSonner(({ toast }) => toast.dismiss(id));

  const system: ToastSystem = {
    add(options) {
      const id = options.id ?? `${toasterId}-${++counter}`;
      if (single) {
        for (const current of [...live.keys()]) if (current !== id) system.remove(current);
      }
      const toast = { ...options, id };
      live.set(id, toast);
      show(toast);
      return id;
    },
    update(id, options) {
      const current = live.get(id);
      if (!current) return;
      const next = { ...current, ...options, id };
      live.set(id, next);
      show(next);
    },
    dismiss(id) {
      const ids = id === undefined ? [...live.keys()] : [id];
      for (const each of ids) {
        live.delete(each);
        dismiss(each);
      }
    },
    remove(id) {
      const ids = id === undefined ? [...live.keys()] : [id];
      for (const each of ids) {
        const current = live.get(each);
        live.delete(each);
        if (current) show(current, REMOVED_AT_ONCE_CLASS);
        dismiss(each);
      }
    },
  };
  return system;
}
