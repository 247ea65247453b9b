import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { OfflineDataNotice } from './offline-data-notice';

/** A page that shows the library's data and the marker, as documents-library.tsx does. */
function renderNotice(client: QueryClient) {
  return render(
    <QueryClientProvider client={client}>
      <OfflineDataNotice updatedAt={Date.UTC(2026, 10, 27, 9, 30)} />
    </QueryClientProvider>,
  );
}

const notice = () => screen.queryByTestId('offline-data-notice');

describe('OfflineDataNotice', () => {
  let online = true;
  beforeEach(() => {
    online = true;
    jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
  });
  afterEach(() => jest.restoreAllMocks());

  const clientWithData = () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['documents'], { items: ['kept'] });
    return client;
  };

  it('says nothing while the browser is online and the data API answers', async () => {
    const client = clientWithData();
    renderNotice(client);
    await act(() => client.fetchQuery({ queryKey: ['documents'], queryFn: async () => ({ items: ['fresh'] }) }));
    expect(notice()).toBeNull();
  });

  it('marks the data when the browser says offline', () => {
    online = false;
    renderNotice(clientWithData());
    expect(notice()).toHaveTextContent('Offline — showing what you had');
  });

  it('marks the data when the browser says online but a refetch gets no answer, and clears once one succeeds', async () => {
    const client = clientWithData();
    renderNotice(client);
    await act(async () => {
      await client.fetchQuery({ queryKey: ['documents'], queryFn: async () => Promise.reject(new TypeError('Failed to fetch')) }).catch(() => undefined);
    });
    expect(notice()).toHaveTextContent('Offline — showing what you had');
    await act(() => client.fetchQuery({ queryKey: ['documents'], queryFn: async () => ({ items: ['fresh'] }) }));
    expect(notice()).toBeNull();
  });

  it('counts a failure seen before the notice was on the page (a reload restores data, then the refetch fails)', async () => {
    const client = clientWithData();
    await client.fetchQuery({ queryKey: ['documents'], queryFn: async () => Promise.reject(new TypeError('Failed to fetch')) }).catch(() => undefined);
    renderNotice(client);
    expect(notice()).toHaveTextContent('Offline — showing what you had');
  });

  it('renders nothing without a query client while online (the design-system gallery has none)', () => {
    render(<OfflineDataNotice updatedAt={null} />);
    expect(notice()).toBeNull();
  });

  it('does not call a server that answered with an error "offline"', async () => {
    const client = clientWithData();
    renderNotice(client);
    await act(async () => {
      await client
        .fetchQuery({ queryKey: ['documents'], queryFn: async () => Promise.reject(Object.assign(new Error('Internal Server Error'), { status: 500 })) })
        .catch(() => undefined);
    });
    expect(notice()).toBeNull();
  });
});
