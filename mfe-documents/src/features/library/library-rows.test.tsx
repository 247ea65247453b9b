import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { DossierServicesProvider } from '@dossier/shared';
import { createFakeServices, stubLayoutApis } from '@dossier/shared/testing';
import type { DocumentSearchHit } from '../../api/search-documents';
import { DocumentList } from './document-list';
import { NEAR_END_ROWS, PLAIN_ROWS_MAX, isNearEnd, lastRowNearView } from './library-rows';

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
  const library = (shown: DocumentSearchHit[]) => (
    <DossierServicesProvider services={services}>
      <QueryClientProvider client={services.queryClient}>
        <DocumentList items={shown} total={total} view="list" selected={new Set()} categoryNames={new Map()} tagsById={new Map()} onToggle={() => undefined} onOpen={() => undefined} onNearEnd={onNearEnd} />
      </QueryClientProvider>
    </DossierServicesProvider>
  );
  const { rerender } = render(library(items));
  const scroller = screen.getByRole('list', { name: 'Documents' }).parentElement as HTMLElement;
  /** The next page has come: the same list shows more documents. */
  const show = (more: DocumentSearchHit[]) => rerender(library(more));
  return { scroller, onNearEnd, show };
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

  // A phone's view is 844 px, a list row 88 px, the overscan 6 rows: the last row near the view is
  // ceil((scrollTop + 844) / 88) - 1 + 6, and the next page is asked for once it is within
  // NEAR_END_ROWS (8) of the last row loaded.
  it('asks for the next page of a short list once its view comes near the end, not before, and once per row reached', () => {
    const { scroller, onNearEnd } = renderLibrary(docs(30), 200);
    layOut(scroller, 564); // last row near the view: 21 of 0–29
    fireEvent.scroll(scroller);
    expect(onNearEnd).not.toHaveBeenCalled();
    layOut(scroller, 600); // 22: within 8 rows of the end
    fireEvent.scroll(scroller);
    expect(onNearEnd).toHaveBeenCalledTimes(1);
    layOut(scroller, 610); // still row 22: no second request for the same place
    fireEvent.scroll(scroller);
    expect(onNearEnd).toHaveBeenCalledTimes(1);
    layOut(scroller, 700); // 23
    fireEvent.scroll(scroller);
    expect(onNearEnd).toHaveBeenCalledTimes(2);
  });

  it('does not ask for a next page once every document is loaded', () => {
    const { scroller, onNearEnd } = renderLibrary(docs(30), 30);
    layOut(scroller, 30 * 88 - 844);
    fireEvent.scroll(scroller);
    expect(onNearEnd).not.toHaveBeenCalled();
  });

  it('asks for the next page of a windowed list near its end, not before', async () => {
    // The windowing code is in (the test above fetched it); the virtualiser reads the view's
    // height when it starts, so the list is laid out before it grows past PLAIN_ROWS_MAX.
    const count = PLAIN_ROWS_MAX * 2 + 20; // 100 rows loaded of 300
    const { scroller, onNearEnd, show } = renderLibrary(docs(PLAIN_ROWS_MAX), 300);
    layOut(scroller, 0);
    onNearEnd.mockClear();
    show(docs(count));
    await waitFor(() => expect(screen.getAllByTestId('document-item').length).toBeLessThan(count));
    layOut(scroller, 6724); // last row near the view: 91 of 0–99
    fireEvent.scroll(scroller);
    await waitFor(() => expect(screen.getByText('Document 91.pdf')).toBeInTheDocument());
    expect(onNearEnd).not.toHaveBeenCalled();
    layOut(scroller, 6760); // 92: within 8 rows of the end
    fireEvent.scroll(scroller);
    await waitFor(() => expect(onNearEnd).toHaveBeenCalled());
    expect(screen.getByText('Document 92.pdf')).toBeInTheDocument();
  });
});

describe('isNearEnd', () => {
  it('is true from NEAR_END_ROWS rows before the last row loaded', () => {
    expect(isNearEnd(91, 100)).toBe(false);
    expect(isNearEnd(100 - NEAR_END_ROWS, 100)).toBe(true);
    expect(isNearEnd(99, 100)).toBe(true);
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
