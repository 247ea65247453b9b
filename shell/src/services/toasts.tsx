import { useSyncExternalStore } from 'react';
import type { ToastApi, ToastOptions, ToastSystem } from '@dossier/shared';
import { TOASTS } from '@dossier/shared/core';
import type { ShellPart } from './shell-part';

/**
 * A small, correct toast implementation (SPEC §4 four operations, §9 3 visible / 4000 ms). The
 * shell-ux work replaces this file's import in create-services.ts with the full one.
 */
function createToastSystem(max: number, onChange: () => void): ToastSystem & { items(): ToastOptions[] } {
  let items: ToastOptions[] = [];
  let counter = 0;
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const schedule = (toast: ToastOptions) => {
    const id = toast.id!;
    clearTimeout(timers.get(id));
    const duration = toast.duration ?? TOASTS.durationMs;
    if (toast.variant !== 'loading' && Number.isFinite(duration)) timers.set(id, setTimeout(() => system.dismiss(id), duration));
  };
  const system = {
    items: () => items,
    add(options: ToastOptions) {
      const id = options.id ?? `toast-${++counter}`;
      const toast = { ...options, id };
      items = [...items.filter((t) => t.id !== id), toast].slice(-max);
      schedule(toast);
      onChange();
      return id;
    },
    update(id: string, options: Partial<ToastOptions>) {
      items = items.map((t) => (t.id === id ? { ...t, ...options, id } : t));
      const toast = items.find((t) => t.id === id);
      if (toast) schedule(toast);
      onChange();
    },
    dismiss(id?: string) {
      system.remove(id);
    },
    remove(id?: string) {
      items = id ? items.filter((t) => t.id !== id) : [];
      onChange();
    },
  };
  return system;
}

export function createToasts(): ShellPart<ToastApi> {
  const listeners = new Set<() => void>();
  let version = 0;
  const changed = () => {
    version++;
    listeners.forEach((listener) => listener());
  };
  const stacked = createToastSystem(TOASTS.visible, changed);
  const single = createToastSystem(1, changed);
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  function Overlay() {
    useSyncExternalStore(subscribe, () => version);
    const all = [...stacked.items(), ...single.items()];
    return (
      <ol className="dossier-toasts" aria-live="polite" aria-label="Notifications">
        {all.map((toast) => (
          <li key={toast.id} className={`dossier-toast dossier-toast-${toast.variant ?? 'default'}`} role="status">
            <strong>{toast.title}</strong>
            {toast.description ? <span>{toast.description}</span> : null}
            {toast.action ? (
              <button type="button" onClick={toast.action.onClick}>
                {toast.action.label}
              </button>
            ) : null}
          </li>
        ))}
      </ol>
    );
  }
  return { api: { stacked, single }, Overlay };
}
