import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { ConfirmOptions } from './dialog';
import { ConfirmDialog } from './deferred-overlays';

/**
 * `await confirm({...})` where code used `window.confirm`: resolves true on confirm, false on
 * cancel/Escape. Render `dialog` once in the component.
 */
export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((value: boolean) => void) | null>(null);
  const settle = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
  };
  const confirm = useCallback((next: ConfirmOptions) => {
    resolver.current?.(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const dialog = options ? (
    <ConfirmDialog
      {...options}
      open
      onOpenChange={(open) => {
        if (!open) setOptions(null);
      }}
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    />
  ) : null;
  return { confirm, dialog };
}

/** Destructive wording with the count: "Delete 3 documents?" / "Delete 3 documents". */
export function destructiveCopy(verb: string, count: number, singular: string, plural = `${singular}s`): { title: string; confirmLabel: string } {
  const what = count === 1 ? `1 ${singular}` : `${count} ${plural}`;
  return { title: `${verb} ${what}?`, confirmLabel: `${verb} ${what}` };
}
