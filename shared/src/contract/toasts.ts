import type { ReactNode } from 'react';

export type ToastVariant = 'default' | 'success' | 'error' | 'warning' | 'info' | 'loading';

export interface ToastOptions {
  /** Give an id to update or dismiss the toast later; one is generated otherwise. */
  id?: string;
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** ms; SPEC §9 default 4000. `Infinity` keeps it until dismissed. */
  duration?: number;
  action?: { label: string; onClick: () => void };
}

/** SPEC §4 toast operations; both systems offer the same four. */
export interface ToastSystem {
  add(options: ToastOptions): string;
  update(id: string, options: Partial<ToastOptions>): void;
  /** Hides with its exit animation; no id dismisses all. */
  dismiss(id?: string): void;
  /** Removes at once; no id removes all. */
  remove(id?: string): void;
}

/**
 * `stacked`: up to 3 visible, 4000 ms, gap 14 px, width 356 px (SPEC §9).
 * `single`: one at a time — a new toast replaces the current one.
 */
export interface ToastApi {
  stacked: ToastSystem;
  single: ToastSystem;
}
