import type { ReactElement, ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';

export type MenuItem =
  | { type?: 'item'; label: ReactNode; onSelect: () => void; danger?: boolean; disabled?: boolean; icon?: ReactNode; key?: string }
  | { type: 'separator'; key?: string };

export type MenuProps = {
  /** The button that opens the menu (a Button or IconButton; it gets aria-haspopup and aria-expanded). */
  trigger: ReactElement;
  items: MenuItem[];
  align?: 'start' | 'center' | 'end';
  /** Accessible name of the menu, when the trigger's own name is not enough. */
  label?: string;
  /** Opens on mount: a tap on the stand-in before this code arrived (deferred-overlays.tsx). */
  defaultOpen?: boolean;
};

/** An actions menu (menu button pattern: arrow keys, typeahead, Escape returns focus to the trigger). */
export function Menu({ trigger, items, align = 'end', label, defaultOpen }: MenuProps) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="ds-menu__content" align={align} sideOffset={4} collisionPadding={8} aria-label={label}>
          {items.map((item, index) =>
            item.type === 'separator' ? (
              <DropdownMenu.Separator key={item.key ?? `separator-${index}`} className="ds-menu__separator" />
            ) : (
              <DropdownMenu.Item
                key={item.key ?? index}
                className={item.danger ? 'ds-menu__item ds-menu__item--danger' : 'ds-menu__item'}
                disabled={item.disabled}
                onSelect={() => item.onSelect()}
              >
                {item.icon ? <span className="ds-button__icon" aria-hidden="true">{item.icon}</span> : null}
                {item.label}
              </DropdownMenu.Item>
            ),
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
