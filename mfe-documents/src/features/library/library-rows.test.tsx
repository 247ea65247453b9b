import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { DossierServicesProvider } from '@dossier/shared';
import { createFakeServices, stubLayoutApis } from '@dossier/shared/testing';
import type { DocumentSearchHit } from '../../api/search-documents';
import { DocumentList } from './document-list';
import { PLAIN_ROWS_MAX, lastRowNearView } from './library-rows';

// Issue 24, ADR 0496: a library that fits in PLAIN_ROWS_MAX rows never fetches the windowing code.
const mockWindowing = { fetched: 0 };
jest.mock('./virtual-rows', () => {
  mockWindowing.fetched += 1;
  return jest.requireActual('./virtual-rows');
});

beforeAll(stubLayoutApis);

const doc = (n: number): DocumentSearchHit =>
  ({ id: `d${n}`, name: `Document ${n}.pdf`, mime_type: 'application/pdf', size: 1000, created_at: '2026-01-01T00:00:00Z', expires_on: null, category_id: null, document_tag_ids: [], rank: 0, snippet: null }) as unknown as DocumentSearchHit;
const docs = (count: number) => Array.from({ length: count }, (_, n) => doc(n));

function renderLibrary(items: DocumentSearchHit[], total: number, onNearEnd = jest.fn()) {
  const services = createFakeServices();
  render(
    <DossierServicesProvider services={services}>
      <QueryClientProvider client={services.queryClient}>
        <DocumentList items={items} total={total} view="list" selected={new Set()} categoryNames={new Map()} tagsById={new Map()} onToggle={() => undefined} onOpen={() => undefined} onNearEnd={onNearEnd} />
      </QueryClientProvider>
    </DossierServicesProvider>,
  );
  const scroller = screen.getByRole('list', { name: 'Documents' }).parentElement as HTMLElement;
  return { scroller, onNearEnd };
}

/** jsdom lays nothing out: give the scroller a phone's view (844 px tall) and a scroll position. */
function layOut(scroller: HTMLElement, scrollTop: number) {
  Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 844 });
  Object.defineProperty(scroller, 'scrollTop', { configurable: true, writable: true, value: scrollTop });
}

describe('the library rows', () => {
  it('draws every row of a short library, and never fetches the windowing code for it', async () => {
    renderLibrary(docs(24), 24);
    expect(screen.getAllByTestId('document-item')).toHaveLength(24);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getAllByTestId('document-item')).toHaveLength(24);
    expect(mockWindowing.fetched).toBe(0);
  });

  it('asks for the next page when a short list is scrolled near its end, without the windowing code', () => {
    // 30 rows loaded of 200: the first page of a library shown in full.
    const { scroller, onNearEnd } = renderLibrary(docs(30), 200);
    expect(onNearEnd).not.toHaveBeenCalled();
    layOut(scroller, 30 * 88 - 844 - 400);
    fireEvent.scroll(scroller);
    expect(onNearEnd).toHaveBeenCalled();
    expect(mockWindowing.fetched).toBe(0);
  });

  it('draws every row of a long list at once, then only a window of it once the windowing code is in', async () => {
    const count = PLAIN_ROWS_MAX * 5;
    const { scroller } = renderLibrary(docs(count), count);
    layOut(scroller, 0);
    // No row waits for the code that windows them.
    expect(screen.getAllByTestId('document-item')).toHaveLength(count);
    await waitFor(() => expect(screen.getAllByTestId('document-item').length).toBeLessThan(count));
    expect(mockWindowing.fetched).toBe(1);
    const drawn = screen.getAllByTestId('document-item');
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn[0]).toHaveTextContent('Document 0.pdf');
  });
});

describe('lastRowNearView', () => {
  it('is the last row in view plus the overscan, never past the list', () => {
    expect(lastRowNearView(0, 844, 88, 6, 100)).toBe(9 + 6);
    expect(lastRowNearView(880, 844, 88, 6, 100)).toBe(19 + 6);
    expect(lastRowNearView(0, 844, 88, 6, 12)).toBe(11);
    expect(lastRowNearView(0, 844, 88, 6, 0)).toBe(0);
  });
});
