// The design system's Radix-built parts (Select, Menu, Dialog, Sheet, Tooltip, ComboBox) and
// with them floating-ui and the scroll lock (~40 KB gzip). Only `deferred-overlays.tsx` imports
// this module, and only dynamically: no first render pays for a menu or dialog nobody opened
// (issue 24, ADR 0455). Tabs, Checkbox and Switch stay in the main module (small, always visible).
export { Select } from './select';
export { Menu } from './menu';
export { Dialog, ConfirmDialog } from './dialog';
export { Sheet } from './sheet';
export { Tooltip } from './tooltip';
export { ComboBox } from './combobox';
