import { createContext, createElement, useContext } from 'react';
import { LOADING_TEXT } from '../core/messages';
import { RoomSkeleton, type Room } from './room-skeleton';
import type { WidgetName } from './widget-map';

/**
 * The room a widget takes once drawn (a Room: RoomSkeleton's), for its loading state to keep: a
 * widget arrives with its area's code, after the page around it, and one that drew in a line of
 * "Loading..." pushed every section below it down by its height (/settings: Analysis moved 451 px
 * at 1440×900, 513 px at 390×844, and a tap aimed at "French" landed elsewhere). Data, by the
 * widget's global name, so a host's `<Widget>` knows it before the area's code: the same one-home
 * idea as the registry of areas. Measured where the widget is shown (its usual host), for the
 * state a new account sees. A caller's `title` prop names the skeleton instead of `label`.
 *
 * Widgets that draw a section of their own; the others (a button, a dialog) load in a line of
 * text. `lines: 0` is a widget that is usually empty (a notice): its loading state takes no room.
 */
export const WIDGET_ROOM: { readonly [N in WidgetName]?: Room } = {
  // /settings, a new account (no calendar feed yet): 537 px at 390×844, 476 px at 1440×900.
  'documents.reminder-settings': { label: 'Expiry reminders', minHeight: { phone: '33.5rem', wide: '29.75rem' }, lines: 9 },
  // The dashboard's cards (their title comes from the dashboard), a new account, at 390 and 1440 wide alike.
  'documents.category-counts': { minHeight: { phone: '6.25rem', wide: '6.25rem' }, lines: 2 },
  'documents.recent': { minHeight: { phone: '6.25rem', wide: '6.25rem' }, lines: 2 },
  'documents.expiring-soon': { minHeight: { phone: '4.75rem', wide: '4.75rem' }, lines: 1 },
  'portfolios.summary': { minHeight: { phone: '7.75rem', wide: '7.75rem' }, lines: 2 },
  'drive.connection-card': { minHeight: { phone: '8.25rem', wide: '8.25rem' }, lines: 3 },
  'account.plan-badge': { minHeight: { phone: '6.625rem', wide: '6.625rem' }, lines: 2 },
  // Above the dashboard's grid, and nothing unless there is something to say.
  'account.deletion-notice': { label: 'Account deletion notice', minHeight: { phone: '0', wide: '0' }, lines: 0 },
  'account.emergency-notice': { label: 'Emergency access notice', minHeight: { phone: '0', wide: '0' }, lines: 0 },
};

/** What a widget's loading state needs: its room (if it has one) and its name for assistive technology. */
export interface WidgetSlot {
  name: string;
  room?: Room;
  label?: string;
}

/** The slot `<Widget>` is drawing, for the loading state of a lazy widget's own code inside it (lazyWidget). */
export const WidgetSlotContext = createContext<WidgetSlot | null>(null);

export function widgetSlot(name: string, title?: unknown): WidgetSlot {
  const room = (WIDGET_ROOM as Readonly<Record<string, Room | undefined>>)[name];
  return { name, room, label: typeof title === 'string' && title ? title : room?.label };
}

/**
 * A widget's loading state. With room: RoomSkeleton, as tall as the drawn widget, so nothing below
 * moves when it arrives; named 'Loading <its title>'. Without: the small "Loading..." line.
 */
export function WidgetLoading({ slot }: { slot?: WidgetSlot | null }) {
  const room = slot?.room;
  if (!room) return createElement('div', { role: 'status', 'aria-busy': true, className: 'widget-loading' }, LOADING_TEXT);
  return createElement(RoomSkeleton, { room, label: slot.label, className: 'widget-loading', widget: slot.name });
}

/** The loading state of the widget slot this is drawn in (lazyWidget, while the widget's own code is on its way). */
export function WidgetSlotLoading() {
  return createElement(WidgetLoading, { slot: useContext(WidgetSlotContext) });
}
