import './design-system.css';

export * from './button';
export * from './fields';
// The Radix-built parts are fetched on demand (ADR 0455): their types from their own files, the
// components from deferred-overlays.tsx. Nothing here may import select/menu/dialog/sheet/tooltip/
// combobox for a value, or the first render pays for them again (design-system.test.tsx checks).
export type { SelectOption, SelectProps } from './select';
export type { MenuItem, MenuProps } from './menu';
export type { DialogProps, ConfirmOptions, ConfirmDialogProps } from './dialog';
export type { SheetProps } from './sheet';
export type { ComboBoxOption, ComboBoxProps } from './combobox';
export { Select, Menu, Dialog, ConfirmDialog, Sheet, Tooltip, ComboBox, loadOverlays } from './deferred-overlays';
export { useConfirm, destructiveCopy } from './confirm';
// Checkbox, Switch and Tabs: from `@dossier/shared/ui/controls` (ADR 0486), not from here.
export * from './display';
export * from './icons';
export { useCloseOnBack } from './close-on-back';
export * from './toast-style';
export * from './use-media-query';
