import { createElement, type CSSProperties } from 'react';
import { LOADING_TEXT } from '../core/messages';

/**
 * The room a part of a page takes once drawn, for its loading state to keep, so nothing below it
 * moves when it arrives (ADR 0500): a widget's (WIDGET_ROOM) or an area's own section's (the
 * account area's plan). Measured where it is shown, for the state a new account sees.
 */
export interface Room {
  /** What the part is called, for the skeleton's name: 'Loading <label>' ('Loading Expiry reminders', 'Loading your plan'); 'Loading...' without. */
  label?: string;
  /** The drawn part's height, at least: on a phone (below 600 px wide) and wider. */
  minHeight: { phone: string; wide: string };
  /** Lines of the skeleton under its heading bar (3 unless told). 0: a part that is usually empty (a notice), whose loading state takes no room. */
  lines?: number;
}

/**
 * What keeps a room on the element it is given to (the skeleton, WidgetFrame's pending state):
 * the design system's `.ds-widget-room` min-height, phone and wide.
 */
export function roomProps(room: Room, className: string): { className: string; style: CSSProperties } {
  return {
    className: `${className} ds-widget-room`,
    style: { '--ds-widget-room': room.minHeight.wide, '--ds-widget-room-phone': room.minHeight.phone } as CSSProperties,
  };
}

export interface RoomSkeletonProps {
  room: Room;
  /** Instead of `room.label` (a widget's title, from its caller). */
  label?: string;
  /** The words it still says (visually hidden) to anyone, and any test, waiting for them to go: 'Loading...' unless told. */
  text?: string;
  /** 'section' (unless told): a heading bar and lines. 'hint': one line of hint text, in that line's margins and size, without a heading bar. */
  variant?: 'section' | 'hint';
  /** More classes on it (a widget's 'widget-loading'). */
  className?: string;
  /** The widget it stands for (`data-widget-placeholder`). */
  widget?: string;
}

/**
 * The one loading skeleton that keeps a room (ADR 0500): `<Widget>`'s and `lazyWidget`'s
 * (WidgetLoading) and an area's own sections' (`@dossier/shared/ui`). A heading bar and lines in
 * the design system's `.ds-widget-placeholder`, as tall as the room through `.ds-widget-room`;
 * `role="status"`, `aria-busy`, named 'Loading <label>', and still saying `text`. The design
 * system's CSS stills its pulse under prefers-reduced-motion.
 */
export function RoomSkeleton({ room, label = room.label, text = LOADING_TEXT, variant = 'section', className, widget }: RoomSkeletonProps) {
  const status = { role: 'status', 'aria-busy': true, 'aria-label': label ? `Loading ${label}` : LOADING_TEXT, 'data-widget-placeholder': widget };
  const words = createElement('span', { key: 'words', className: 'ds-visually-hidden' }, text);
  if (room.lines === 0) return createElement('div', { ...status, className }, words);
  const classes = ['ds-widget-placeholder', variant === 'hint' ? 'ds-widget-placeholder--hint' : null, className].filter(Boolean).join(' ');
  const heading = variant === 'hint' ? null : createElement('span', { key: 'heading', 'aria-hidden': true, className: 'ds-skeleton ds-widget-placeholder__heading' });
  const lines = Array.from({ length: room.lines ?? 3 }, (_, i) => createElement('span', { key: i, 'aria-hidden': true, className: 'ds-skeleton ds-skeleton--text' }));
  return createElement('div', { ...status, ...roomProps(room, classes) }, heading, ...lines, words);
}
