import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import { LOADING_TEXT } from '@dossier/shared/core';
import { RoomSkeleton, type Room } from '@dossier/shared/ui';

const plan: Room = { label: 'your plan', minHeight: { phone: '37rem', wide: '34rem' }, lines: 4 };

describe('RoomSkeleton: the one loading state that keeps its room (widgets and areas’ own sections)', () => {
  it('is a busy status named "Loading <label>", keeping the room (phone and wide) through the design system classes, and still says its text', () => {
    render(<RoomSkeleton room={plan} text="Loading your plan…" />);
    const status = screen.getByRole('status', { name: 'Loading your plan' });
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status).toHaveClass('ds-widget-placeholder', 'ds-widget-room');
    expect(status.style.getPropertyValue('--ds-widget-room')).toBe('34rem');
    expect(status.style.getPropertyValue('--ds-widget-room-phone')).toBe('37rem');
    expect(within(status).getByText('Loading your plan…')).toHaveClass('ds-visually-hidden');
    // A heading bar and its lines, hidden from assistive technology; the words stay for it.
    expect(status.querySelectorAll('.ds-widget-placeholder__heading')).toHaveLength(1);
    expect(status.querySelectorAll('.ds-skeleton--text')).toHaveLength(4);
    expect(status.querySelectorAll('.ds-skeleton:not([aria-hidden="true"])')).toHaveLength(0);
  });

  it('says "Loading..." unless told, draws 3 lines unless told, and a caller’s label names it instead of the room’s', () => {
    render(<RoomSkeleton room={{ label: 'Expiry reminders', minHeight: { phone: '2rem', wide: '1rem' } }} label="Reminders" className="widget-loading" widget="documents.reminder-settings" />);
    const status = screen.getByRole('status', { name: 'Loading Reminders' });
    expect(status).toHaveTextContent(LOADING_TEXT);
    expect(status.querySelectorAll('.ds-skeleton--text')).toHaveLength(3);
    expect(status).toHaveClass('widget-loading', 'ds-widget-placeholder', 'ds-widget-room');
    expect(status).toHaveAttribute('data-widget-placeholder', 'documents.reminder-settings');
  });

  it('without a label it is named "Loading..."', () => {
    render(<RoomSkeleton room={{ minHeight: { phone: '6rem', wide: '6rem' }, lines: 2 }} />);
    expect(screen.getByRole('status', { name: LOADING_TEXT })).toHaveAttribute('aria-busy', 'true');
  });

  it('stands in for one line of hint text through the design system’s hint variant: no heading bar, no inline style but the room', () => {
    render(<RoomSkeleton room={{ label: 'your passkeys', minHeight: { phone: '1.35rem', wide: '1.35rem' }, lines: 1 }} variant="hint" />);
    const status = screen.getByRole('status', { name: 'Loading your passkeys' });
    expect(status).toHaveClass('ds-widget-placeholder', 'ds-widget-placeholder--hint', 'ds-widget-room');
    expect(status.querySelector('.ds-widget-placeholder__heading')).toBeNull();
    expect(status.querySelectorAll('.ds-skeleton--text')).toHaveLength(1);
    expect(status.style.getPropertyValue('--ds-widget-room-phone')).toBe('1.35rem');
    expect(status.style.margin + status.style.marginBlock + status.style.fontSize + status.style.padding + status.style.paddingBlock).toBe('');
    expect(status).toHaveTextContent(LOADING_TEXT);
  });

  it('takes no room for a part that is usually empty (lines: 0), still a named busy status saying "Loading..."', () => {
    render(<RoomSkeleton room={{ label: 'Account deletion notice', minHeight: { phone: '0', wide: '0' }, lines: 0 }} />);
    const status = screen.getByRole('status', { name: 'Loading Account deletion notice' });
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status).not.toHaveClass('ds-widget-room');
    expect(status.querySelectorAll('.ds-skeleton')).toHaveLength(0);
    expect(within(status).getByText(LOADING_TEXT)).toHaveClass('ds-visually-hidden');
  });

  it('the design system draws the hint variant in the hint line’s margins and size, with no padding, after the placeholder’s own rule', () => {
    const css = readFileSync(path.join(__dirname, 'design-system/design-system.css'), 'utf8').replace(/\s+/g, ' ');
    const rule = '.ds-widget-placeholder.ds-widget-placeholder--hint { padding-block: 0; margin-block: 1em; font-size: 0.9rem; }';
    expect(css).toContain(rule);
    expect(css.indexOf(rule)).toBeGreaterThan(css.indexOf('.ds-widget-placeholder { display: flex;'));
  });
});
