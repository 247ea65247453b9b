import type { CSSProperties } from 'react';
import { LOADING_TEXT } from '@dossier/shared/core';

/** The height a part of a page takes once drawn, at least: on a phone (below 600 px wide) and wider. */
export interface Room {
  phone: string;
  wide: string;
}

/**
 * The loading state of a part of an account page that keeps the room its drawn state takes, so
 * nothing below it moves when the data arrives (ADR 0500's rule for widgets, for the account
 * area's own sections): a skeleton of a heading bar and lines in the design system's
 * `.ds-widget-placeholder`, as tall as `room` through `.ds-widget-room`. Busy, named `label`
 * ("Loading your plan"), and still saying `text` (visually hidden) to anyone, and any test, that
 * waits for it to go. The pulse stops under prefers-reduced-motion (the design system's CSS).
 */
export function RoomSkeleton({
  label,
  room,
  lines = 3,
  heading = true,
  text = LOADING_TEXT,
  style: own,
}: {
  label: string;
  room: Room;
  lines?: number;
  heading?: boolean;
  text?: string;
  /** For a skeleton that stands in for one line of text (its margins and font size): inline, as the design system's layer comes after the area's. */
  style?: CSSProperties;
}) {
  const style = { ...own, '--ds-widget-room': room.wide, '--ds-widget-room-phone': room.phone } as CSSProperties;
  return (
    <div role="status" aria-busy="true" aria-label={label} className="dossier-room-skeleton ds-widget-placeholder ds-widget-room" style={style}>
      {heading ? <span aria-hidden="true" className="ds-skeleton ds-widget-placeholder__heading" /> : null}
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} aria-hidden="true" className="ds-skeleton ds-skeleton--text" />
      ))}
      <span className="ds-visually-hidden">{text}</span>
    </div>
  );
}
