import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DossierServicesProvider } from '@dossier/shared';
import { createFakeServices } from '@dossier/shared/testing';
import { ComponentGallery } from './component-gallery';
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

  it('runs the confirmation flow without touching data', async () => {
    renderGallery();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete 3 documents…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete 3 documents' }));
    expect(await screen.findByText('Deleted 3 documents (nothing was really deleted).')).toBeInTheDocument();
  });
});
