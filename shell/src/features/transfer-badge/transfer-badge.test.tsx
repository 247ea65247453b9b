import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DossierServicesProvider, type DossierServices } from '@dossier/shared';
import { TransferBadge } from './transfer-badge';

/** Promises, then React's effects, then the clock moved on. */
const after = (ms: number) =>
  act(async () => {
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    jest.advanceTimersByTime(ms);
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
  });

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('asks for the Transfers count only once the opened page is drawn (issue 24), then shows it', async () => {
  const spinner = document.body.appendChild(Object.assign(document.createElement('div'), { className: 'dossier-loading' }));
  const rpc = jest.fn(async () => ({ data: 2, error: null }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const services = { queryClient, auth: { status: 'signed-in', user: { id: 'u1' }, session: null, supabase: { rpc }, signOut: jest.fn() } } as unknown as DossierServices;
  try {
    render(
      <DossierServicesProvider services={services}>
        <QueryClientProvider client={queryClient}>
          <TransferBadge />
        </QueryClientProvider>
      </DossierServicesProvider>,
    );
    await after(2000);
    expect(rpc).not.toHaveBeenCalled();
    spinner.remove();
    await after(500);
    expect(rpc).toHaveBeenCalledWith('transfers_attention_count');
    expect(await screen.findByTestId('transfers-badge')).toHaveTextContent('2');
  } finally {
    spinner.remove();
    queryClient.clear();
  }
});
