import type { ComponentType } from 'react';

/**
 * One replaceable part of the services (toasts, pending operations, device): the API the areas
 * use and, optionally, what the shell renders for it (a toast viewport, an offline badge).
 * Swapping an implementation is one import line in create-services.ts.
 */
export interface ShellPart<T> {
  api: T;
  Overlay?: ComponentType;
}
