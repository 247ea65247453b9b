import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DossierServicesProvider } from '@dossier/shared';
import { createFakeServices } from '@dossier/shared/testing';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as designSystem from '@dossier/shared/ui';
import { ComponentGallery, GALLERY_ICONS } from './component-gallery';
import { stubLayoutApis } from '@dossier/shared/testing';

beforeAll(stubLayoutApis);

function renderGallery() {
  const supabase = { auth: { getUser: async () => ({ data: { user: { id: 'u1', app_metadata: { dossier_staff: true } } }, error: null }) } } as unknown as SupabaseClient;
  render(
    <DossierServicesProvider services={createFakeServices({ supabase, auth: { status: 'signed-in', user: { id: 'u1', email: 's@example.com', name: 'Sam' } } })}>
      <ComponentGallery />
    </DossierServicesProvider>,
  );
}

// A large page: Testing Library's role queries take a few seconds on it.
jest.setTimeout(30_000);

describe('component gallery', () => {
  it('shows every component family for staff', async () => {
    renderGallery();
    expect(await screen.findByRole('heading', { level: 1, name: 'Design system' })).toBeInTheDocument();
    const sections = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(sections).toEqual(expect.arrayContaining(['Buttons', 'Text fields', 'Choices', 'Menus and tooltips', 'Icons', 'Tabs', 'Dialogs and sheets', 'Badges', 'Progress', 'Skeletons', 'Cards and empty states']));
    expect(screen.getAllByRole('progressbar')).toHaveLength(4);
    expect(screen.getByRole('tablist', { name: 'Example tabs' })).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'Tabs with long labels' })).toBeInTheDocument();
    // Icons are drawn, never emoji (which show as empty boxes without an emoji font).
    const icons = screen.getByRole('heading', { level: 2, name: 'Icons' }).closest('section')!;
    expect(icons.querySelectorAll('svg').length).toBeGreaterThanOrEqual(18);
    expect(document.body.textContent).not.toMatch(/\p{Emoji_Presentation}/u);
  });

  it('has an entry for every component shared/ui exports, so a new one without one fails', () => {
    const source = ['component-gallery.tsx', 'gallery-states.tsx'].map((file) => readFileSync(path.join(__dirname, file), 'utf8')).join('\n');
    // A component: an exported function named in PascalCase (constants such as PULL_MAX are not).
    const components = Object.entries(designSystem)
      .filter(([name, value]) => typeof value === 'function' && /^[A-Z][a-z]/.test(name))
      .map(([name]) => name);
    expect(components.length).toBeGreaterThan(40);
    const icons = components.filter((name) => /Icon$/.test(name) && name !== 'FileTypeIcon');
    expect(icons.filter((name) => !(name in GALLERY_ICONS))).toEqual([]);
    const drawn = components.filter((name) => !icons.includes(name));
    expect(drawn.filter((name) => !new RegExp(`<${name}[\\s/>]`).test(source))).toEqual([]);
  });

  it('shows chips, grouped buttons and the loading, error and empty states', async () => {
    renderGallery();
    expect(await screen.findByRole('heading', { level: 2, name: 'Chips and button groups' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove tag Household' }));
    expect(screen.queryByRole('button', { name: 'Remove tag Household' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Calendar feed actions' })).toHaveClass('ds-button-group');
    expect(screen.getAllByText('Loading...').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: /Try Again|Retry/ }).length).toBeGreaterThan(0);
    expect(screen.getByText('Nothing expires in the next 90 days.')).toBeInTheDocument();
    // The error boundary's example fails on demand and recovers, without taking the page down.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Make the area below fail' }));
    expect(await screen.findByText('This example area failed.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Design system' })).toBeInTheDocument();
  });

  it('runs the confirmation flow without touching data', async () => {
    renderGallery();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete 3 documents…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete 3 documents' }));
    expect(await screen.findByText('Deleted 3 documents (nothing was really deleted).')).toBeInTheDocument();
  });
});
