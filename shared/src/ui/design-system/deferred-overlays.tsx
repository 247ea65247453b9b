import { cloneElement, isValidElement, useEffect, useId, useState, type ComponentProps, type ComponentType, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons';
import type { ConfirmDialogProps, DialogProps } from './dialog';
import type { MenuProps } from './menu';
import type { SelectProps } from './select';
import type { SheetProps } from './sheet';
import type { ComboBoxProps } from './combobox';

/**
 * The Radix parts of the design system, fetched on demand (ADR 0455). Each keeps its API; until
 * its code is here it draws what the closed control looks like (a Select's button, a Menu's
 * trigger, a Tooltip's child), or nothing for an overlay that is closed. A closed Dialog, Sheet
 * or ConfirmDialog fetches nothing; a visible control fetches on mount; the shell fetches the
 * whole set once the first page is drawn (`loadOverlays`), so a first click rarely waits.
 */
type Overlays = typeof import('./overlays');

let loaded: Overlays | undefined;
let loading: Promise<Overlays> | undefined;

/** Fetches the overlays' code once; resolves when it is ready. A failed fetch may be retried. */
export function loadOverlays(): Promise<Overlays> {
  loading ??= import(/* webpackChunkName: "overlays" */ './overlays').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The overlays' module once it is here; `wanted` starts (or waits for) the fetch. */
function useOverlays(wanted: boolean): Overlays | undefined {
  const [, setReady] = useState(false);
  useEffect(() => {
    if (!wanted || loaded) return undefined;
    let live = true;
    // A failed fetch (offline before the service worker cached it) leaves the stand-in; the next mount retries.
    loadOverlays().then(
      () => live && setReady(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return loaded;
}

/** What a stand-in may do besides drawing: keep a tap that came before the code. */
type Early = { openEarly: () => void };

function deferred<P extends object>(pick: (module: Overlays) => ComponentType<P & { defaultOpen?: boolean }>, wanted: (props: P) => boolean, StandIn: (props: P & Early) => ReactNode) {
  return function Deferred(props: P) {
    // A tap on the stand-in is not lost: it fetches the code (if not on its way) and the real
    // control mounts open. On a slow phone, or a second tab, the first tap can beat the code.
    const [openedEarly, setOpenedEarly] = useState(false);
    const module = useOverlays(openedEarly || wanted(props));
    // The stand-in is an element of its own, never called as a function: its hooks (useId) would
    // otherwise count as Deferred's, and the render after the code arrives would have fewer hooks
    // (React error #300: the portfolios page fell to its error screen in e2e).
    if (!module) return <StandIn {...props} openEarly={() => setOpenedEarly(true)} />;
    const Component = pick(module);
    return openedEarly ? <Component {...props} defaultOpen /> : <Component {...props} />;
  };
}

/** A trigger element whose click, before the code is here, is kept (its own onClick runs too). */
function keepingTap(trigger: ReactElement, onTap: () => void, extra: Record<string, unknown> = {}): ReactElement {
  const own = (trigger.props as { onClick?: (event: MouseEvent) => void }).onClick;
  return cloneElement(trigger, {
    ...extra,
    onClick: (event: MouseEvent) => {
      own?.(event);
      if (!event.defaultPrevented) onTap();
    },
  } as Record<string, unknown>);
}

/** A Select's closed look before its code is here: the same label and button; a tap opens it once the code arrives. */
function SelectStandIn({ label, hideLabel, options, value, defaultValue, placeholder, description, disabled, id, openEarly }: SelectProps & Early) {
  const generated = useId();
  const triggerId = id ?? `ds-select-${generated}`;
  const labelId = `${triggerId}-label`;
  const chosen = options.find((option) => option.value === (value ?? defaultValue));
  return (
    <div className="ds-field">
      <label id={labelId} htmlFor={triggerId} className={hideLabel ? 'ds-visually-hidden' : 'ds-field__label'}>
        {label}
      </label>
      {description ? <p className="ds-field__description">{description}</p> : null}
      <button type="button" id={triggerId} className="ds-select__trigger" aria-labelledby={labelId} disabled={disabled} data-placeholder={chosen ? undefined : ''} onClick={openEarly}>
        <span>{chosen ? chosen.label : placeholder}</span>
        <span className="ds-select__chevron" aria-hidden="true">
          <ChevronDownIcon width="16" height="16" />
        </span>
      </button>
    </div>
  );
}

/** A ComboBox's input before its suggestions' code is here: typing already works. */
function ComboBoxStandIn({ label, hideLabel, inputValue, onInputChange, placeholder, maxLength, id, disabled }: ComboBoxProps & Early) {
  const generated = useId();
  const inputId = id ?? `ds-combobox-${generated}`;
  return (
    <div className="ds-field ds-combobox">
      <label className={hideLabel ? 'ds-visually-hidden' : 'ds-field__label'} htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="ds-input"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={false}
        autoComplete="off"
        value={inputValue}
        placeholder={placeholder}
        maxLength={maxLength}
        disabled={disabled}
        onChange={(event) => onInputChange(event.target.value)}
      />
    </div>
  );
}

const always = () => true;
const nothing = () => null;

/** A labelled single choice (Radix Select: listbox pattern, typeahead, arrow keys, Escape). */
export const Select = deferred<SelectProps>((m) => m.Select, always, SelectStandIn);

/** An actions menu (menu button pattern: arrow keys, typeahead, Escape returns focus to the trigger). */
export const Menu = deferred<MenuProps>((m) => m.Menu, always, ({ trigger, openEarly }) => keepingTap(trigger, openEarly, { 'aria-haspopup': 'menu', 'aria-expanded': false }));

/** A modal dialog; on phones a bottom sheet. With a trigger it fetches on mount, else on first open. */
export const Dialog = deferred<DialogProps>(
  (m) => m.Dialog,
  (p) => Boolean(p.open || p.trigger),
  // A controlled dialog is told at once (its owner opens it); an uncontrolled one mounts open.
  ({ trigger, onOpenChange, openEarly }) =>
    isValidElement(trigger)
      ? keepingTap(trigger, () => {
          onOpenChange?.(true);
          openEarly();
        })
      : (trigger ?? null),
);

/** The one confirmation dialog of the product (role alertdialog); fetched when first opened. */
export const ConfirmDialog = deferred<ConfirmDialogProps>((m) => m.ConfirmDialog, (p) => p.open, nothing);

/** A sheet (a modal panel with a heading; Escape and Back close it); fetched when first opened. */
export const Sheet = deferred<SheetProps>((m) => m.Sheet, (p) => p.open, nothing);

type TooltipProps = ComponentProps<Overlays['Tooltip']>;
/** A short hint on hover and keyboard focus; the child shows at once, the hint once its code is here. */
export const Tooltip = deferred<TooltipProps>((m) => m.Tooltip, always, ({ children }) => children);

/** A text box with suggestions (WAI-ARIA combobox); the suggestions list once its code is here. */
export const ComboBox = deferred<ComboBoxProps>((m) => m.ComboBox, always, ComboBoxStandIn);
