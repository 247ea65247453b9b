import { fireEvent, render, screen } from '@testing-library/react';
import { lazyWidget } from '@dossier/shared/ui';
import { ERROR_SCREEN_BUTTONS } from '@dossier/shared/core';
import { DossierServicesProvider } from './hooks';
import { Widget, WIDGET_FAILED_TEXT } from './widget';
import type { DossierServices } from './services';

function chunkLoadError() {
  const error = new Error('Loading chunk 7 failed.');
  error.name = 'ChunkLoadError';
  return error;
}

function servicesWith(widgets: Record<string, unknown>, report = jest.fn()) {
  return {
    widgets: { get: (name: string) => widgets[name], load: async (name: string) => widgets[name], names: () => Object.keys(widgets) },
    errors: { report },
  } as unknown as DossierServices;
}

describe('<Widget>', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('keeps a failed widget chunk inside the widget, and Try Again loads it afresh', async () => {
    const Summary = ({ title }: { title?: string }) => <p>{title} summary</p>;
    const load = jest.fn<Promise<typeof Summary>, []>().mockRejectedValueOnce(chunkLoadError()).mockResolvedValue(Summary);
    const report = jest.fn();
    const services = servicesWith({ 'portfolios.summary': lazyWidget(load) }, report);
    render(
      <DossierServicesProvider services={services}>
        <h1>Dashboard</h1>
        <Widget name="portfolios.summary" placement="dashboard" title="Portfolios" />
      </DossierServicesProvider>,
    );
    expect(await screen.findByText(WIDGET_FAILED_TEXT)).toBeInTheDocument();
    // The page around it still shows; the failure is recorded once.
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ name: 'ChunkLoadError' }), { feature: 'widget:portfolios.summary' });
    expect(load).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain }));
    expect(await screen.findByText('Portfolios summary')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(WIDGET_FAILED_TEXT)).toBeNull();
  });

  it('offers Try Again when the owning area cannot load, and says "unavailable" when nobody offers it', async () => {
    const Recent = () => <p>Recently added list</p>;
    let fail = true;
    const services = {
      widgets: {
        get: () => undefined,
        load: async (name: string) => {
          if (name === 'documents.recent' && fail) throw new Error('Failed to fetch');
          return name === 'documents.recent' ? Recent : undefined;
        },
        names: () => [],
      },
      errors: { report: jest.fn() },
    } as unknown as DossierServices;
    render(
      <DossierServicesProvider services={services}>
        <Widget name="documents.recent" placement="dashboard" title="Recent" />
        <Widget name="drive.connection-card" placement="dashboard" title="Drive" />
      </DossierServicesProvider>,
    );
    expect(await screen.findByText('This section is unavailable right now.')).toBeInTheDocument();
    expect(await screen.findByText(WIDGET_FAILED_TEXT)).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain }));
    expect(await screen.findByText('Recently added list')).toBeInTheDocument();
  });
});
