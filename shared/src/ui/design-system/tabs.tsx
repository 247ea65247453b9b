import type { ReactNode } from 'react';
import { Tabs as TabsPrimitive } from 'radix-ui';

export type TabsProps = {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  children: ReactNode;
  className?: string;
};

/** Tabs (tablist/tab/tabpanel roles, arrow keys move between tabs, automatic activation). */
export function Tabs({ className, ...props }: TabsProps) {
  return <TabsPrimitive.Root {...props} className={['ds-tabs', className].filter(Boolean).join(' ')} />;
}

/** The row of tabs; `label` names the tablist. */
export function TabList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TabsPrimitive.List className="ds-tabs__list" aria-label={label}>
      {children}
    </TabsPrimitive.List>
  );
}

/** `data-*` attributes pass through (a page's own hooks, such as /auth's first-paint intents). */
export function Tab({ value, children, disabled, ...data }: { value: string; children: ReactNode; disabled?: boolean } & { [attribute: `data-${string}`]: string }) {
  return (
    <TabsPrimitive.Trigger {...data} value={value} disabled={disabled} className="ds-tabs__tab">
      {children}
    </TabsPrimitive.Trigger>
  );
}

export function TabPanel({ value, children }: { value: string; children: ReactNode }) {
  return (
    <TabsPrimitive.Content value={value} className="ds-tabs__panel">
      {children}
    </TabsPrimitive.Content>
  );
}
