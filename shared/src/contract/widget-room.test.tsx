import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import { lazyWidget, WidgetFrame } from '@dossier/shared/ui';
import { LOADING_TEXT } from '@dossier/shared/core';
import { DossierServicesProvider } from './hooks';
import { Widget } from './widget';
import { WIDGET_ROOM } from './widget-room';
import type { DossierServices } from './services';

/** Widgets whose area (or whose own code) has not arrived: `load` never settles unless told. */
function servicesLoading(widgets: Record<string, unknown> = {}) {
  return {
    widgets: { get: (name: string) => widgets[name], load: (name: string) => (name in widgets ? Promise.resolve(widgets[name]) : new Promise(() => undefined)), names: () => Object.keys(widgets) },
    errors: { report: jest.fn() },
  } as unknown as DossierServices;
}

function expectReminderRoom(placeholder: HTMLElement) {
  // Busy, named after the section, and as tall as the section it stands for at each size.
  expect(placeholder).toHaveAttribute('aria-busy', 'true');
  expect(placeholder).toHaveClass('ds-widget-placeholder', 'ds-widget-room');
  expect(placeholder.style.getPropertyValue('--ds-widget-room')).toBe(WIDGET_ROOM['documents.reminder-settings']!.minHeight.wide);
  expect(placeholder.style.getPropertyValue('--ds-widget-room-phone')).toBe(WIDGET_ROOM['documents.reminder-settings']!.minHeight.phone);
  // A section's skeleton: a heading bar and its lines, hidden from assistive technology; the words stay for it.
  expect(placeholder.querySelectorAll('.ds-widget-placeholder__heading')).toHaveLength(1);
  expect(placeholder.querySelectorAll('.ds-skeleton--text')).toHaveLength(WIDGET_ROOM['documents.reminder-settings']!.lines!);
  expect(placeholder.querySelectorAll('.ds-skeleton:not([aria-hidden="true"])')).toHaveLength(0);
  expect(within(placeholder).getByText(LOADING_TEXT)).toBeInTheDocument();
}

describe("a widget's loading state keeps the room the widget takes", () => {
  it('while the area that offers it loads: the reminders section’s skeleton, as tall as the section', () => {
    render(
      <DossierServicesProvider services={servicesLoading()}>
        <Widget name="documents.reminder-settings" />
        <section aria-label="Analysis">Analysis</section>
      </DossierServicesProvider>,
    );
    expectReminderRoom(screen.getByRole('status', { name: 'Loading Expiry reminders' }));
  });

  it('while the widget’s own code loads (its area is in): the same skeleton, not a line of text', async () => {
    const widget = lazyWidget(() => new Promise<() => React.JSX.Element>(() => undefined));
    render(
      <DossierServicesProvider services={servicesLoading({ 'documents.reminder-settings': widget })}>
        <Widget name="documents.reminder-settings" />
      </DossierServicesProvider>,
    );
    const placeholder = await screen.findByRole('status', { name: 'Loading Expiry reminders' });
    expectReminderRoom(placeholder);
  });

  it('draws the widget in its place once it is in, and the room goes with the skeleton', async () => {
    const widget = lazyWidget(async () => () => <section aria-label="Expiry reminders">Remind me</section>);
    render(
      <DossierServicesProvider services={servicesLoading({ 'documents.reminder-settings': widget })}>
        <Widget name="documents.reminder-settings" />
      </DossierServicesProvider>,
    );
    expect(await screen.findByRole('region', { name: 'Expiry reminders' })).toHaveTextContent('Remind me');
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.querySelector('.ds-widget-placeholder')).toBeNull();
  });

  it('a widget with no room of its own (a button, a dialog) loads in a line of "Loading..." as before', () => {
    render(
      <DossierServicesProvider services={servicesLoading()}>
        <Widget name="drive.import-dialog" />
      </DossierServicesProvider>,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(LOADING_TEXT);
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status).not.toHaveClass('ds-widget-placeholder');
  });

  it('a dashboard card keeps its room from its code to its data: the placeholder, then WidgetFrame’s pending state, at the same figures', async () => {
    const Recent = ({ title }: { title?: string }) => (
      <WidgetFrame title={title ?? ''} state="pending" empty={null}>
        rows
      </WidgetFrame>
    );
    const widget = lazyWidget(async () => Recent);
    const view = render(
      <DossierServicesProvider services={servicesLoading()}>
        <Widget name="documents.recent" placement="dashboard" title="Recently added" />
      </DossierServicesProvider>,
    );
    const placeholder = screen.getByRole('status', { name: 'Loading Recently added' });
    expect(placeholder).toHaveClass('ds-widget-room');
    expect(placeholder.style.getPropertyValue('--ds-widget-room-phone')).toBe(WIDGET_ROOM['documents.recent']!.minHeight.phone);
    view.rerender(
      <DossierServicesProvider services={servicesLoading({ 'documents.recent': widget })}>
        <Widget key="in" name="documents.recent" placement="dashboard" title="Recently added" />
      </DossierServicesProvider>,
    );
    const frame = await screen.findByRole('region', { name: 'Recently added' });
    expect(frame).toHaveClass('widget', 'ds-widget-room');
    expect(frame.style.getPropertyValue('--ds-widget-room-phone')).toBe(WIDGET_ROOM['documents.recent']!.minHeight.phone);
  });

  it('a notice that is usually empty takes no room while it loads (nothing to move up when it draws nothing)', () => {
    render(
      <DossierServicesProvider services={servicesLoading()}>
        <Widget name="account.deletion-notice" />
      </DossierServicesProvider>,
    );
    const status = screen.getByRole('status', { name: 'Loading Account deletion notice' });
    expect(status).not.toHaveClass('ds-widget-room');
    expect(status.querySelectorAll('.ds-skeleton')).toHaveLength(0);
    expect(within(status).getByText(LOADING_TEXT)).toHaveClass('ds-visually-hidden');
  });

  it('the design system reserves the figures: min-height from them, the phone’s below 600 px, and a still skeleton for reduced motion', () => {
    const css = readFileSync(path.join(__dirname, '../ui/design-system/design-system.css'), 'utf8').replace(/\s+/g, ' ');
    expect(css).toContain('.ds-widget-room { min-height: var(--ds-widget-room, auto); }');
    expect(css).toContain('@media (max-width: 599.98px) { .ds-widget-room { min-height: var(--ds-widget-room-phone, var(--ds-widget-room, auto)); } }');
    expect(css).toMatch(/@media \(prefers-reduced-motion: reduce\) \{ \.ds-skeleton \{ animation: none; \}/);
  });
});
