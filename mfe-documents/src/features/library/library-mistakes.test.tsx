import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DocumentSearchHit } from '../../api/search-documents';
import { DocumentList } from './document-list';
import { LibraryToolbar } from './library-controls';
import { effectiveDirection, parseLibraryState, type LibraryState } from './library-state';
import { QueryClientProvider } from '@tanstack/react-query';
import { DossierServicesProvider } from '@dossier/shared';
import { createFakeServices, stubLayoutApis } from '@dossier/shared/testing';

// Issue #9 §5: mistakes people hit in the library.

beforeAll(stubLayoutApis);

const doc = (id: string, name: string): DocumentSearchHit =>
  ({ id, name, mime_type: 'application/pdf', size: 1000, created_at: '2026-01-01T00:00:00Z', expires_on: null, category_id: null, document_tag_ids: [], rank: 0, snippet: null }) as unknown as DocumentSearchHit;

function Library() {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const items = [doc('a', 'passport.pdf'), doc('b', 'lease.pdf')];
  return (
    <DocumentList
      items={items}
      total={items.length}
      view="list"
      selected={selected}
      categoryNames={new Map()}
      tagsById={new Map()}
      onToggle={(id) =>
        setSelected((current) => {
          const next = new Set(current);
          if (next.has(id)) next.delete(id);
          else next.add(id);
          return next;
        })
      }
      onOpen={() => undefined}
      onNearEnd={() => undefined}
    />
  );
}

describe('selection checkboxes', () => {
  it('show the selection: ticked once selected, clear once unselected', async () => {
    const services = createFakeServices();
    render(
      <DossierServicesProvider services={services}>
        <QueryClientProvider client={services.queryClient}>
          <Library />
        </QueryClientProvider>
      </DossierServicesProvider>,
    );
    const box = await screen.findByRole('checkbox', { name: 'Select passport.pdf' });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    expect(box).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select lease.pdf' })).not.toBeChecked();
    await userEvent.click(box);
    expect(box).not.toBeChecked();
  });
});

describe('sort direction toggle', () => {
  const stateFor = (sort: string): LibraryState => parseLibraryState(new URLSearchParams({ sort }));

  it.each([
    ['name', 'desc'],
    ['expiry', 'desc'],
    ['created', 'asc'],
    ['size', 'asc'],
  ])('reverses the %s order on the first click (to %s)', async (sort, expected) => {
    const update = jest.fn();
    render(<LibraryToolbar state={stateFor(sort)} update={update} />);
    await userEvent.click(screen.getByRole('button', { name: /^Sort (ascending|descending)$/ }));
    expect(update).toHaveBeenCalledWith({ sort, dir: expected });
  });

  it('knows the applied default direction of each sort', () => {
    expect(effectiveDirection(stateFor('name'))).toBe('asc');
    expect(effectiveDirection(stateFor('expiry'))).toBe('asc');
    expect(effectiveDirection(stateFor('created'))).toBe('desc');
  });
});

describe('the list frame', () => {
  const renderList = (total: number) => {
    const services = createFakeServices();
    const items = [doc('a', 'passport.pdf'), doc('b', 'lease.pdf'), doc('c', 'will.pdf')];
    render(
      <DossierServicesProvider services={services}>
        <QueryClientProvider client={services.queryClient}>
          <DocumentList items={items} total={total} view="list" selected={new Set()} categoryNames={new Map()} tagsById={new Map()} onToggle={() => undefined} onOpen={() => undefined} onNearEnd={() => undefined} />
        </QueryClientProvider>
      </DossierServicesProvider>,
    );
    return screen.getByRole('list', { name: 'Documents' }).parentElement as HTMLElement;
  };

  it('ends under the last row when every document is loaded (no empty framed area under 3 rows)', () => {
    const frame = renderList(3);
    const rows = Number.parseFloat(screen.getByRole('list', { name: 'Documents' }).style.height);
    expect(rows).toBeGreaterThan(0);
    expect(frame.style.getPropertyValue('--doc-scroller-fit')).toBe(`${rows + 2}px`);
  });

  it('keeps its full height while more documents are still to load', () => {
    expect(renderList(500).style.getPropertyValue('--doc-scroller-fit')).toBe('');
  });
});
