import { Suspense, type ComponentType } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { ERROR_SCREEN_BUTTONS } from '@dossier/shared/core';
import { AreaErrorBoundary } from './error-boundary';
import { lazyPage, lazyPageAt } from './retryable-lazy';

function chunkLoadError() {
  const error = new Error('Loading chunk 42 failed.\n(error: http://127.0.0.1/42.abcdef1234.js)');
  error.name = 'ChunkLoadError';
  return error;
}

describe('lazyPage', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('loads afresh on Try Again after a failed load (React.lazy would keep the failure)', async () => {
    const Page = () => <p>The page</p>;
    const load = jest.fn<Promise<{ default: typeof Page }>, []>().mockRejectedValueOnce(chunkLoadError()).mockResolvedValue({ default: Page });
    const LazyPage = lazyPage(load);
    render(
      <AreaErrorBoundary detail="The area could not show this page.">
        <Suspense fallback={<p>Loading</p>}>
          <LazyPage />
        </Suspense>
      </AreaErrorBoundary>,
    );
    expect(await screen.findByText('The area could not show this page.')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain }));
    expect(await screen.findByText('The page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps a successful load: the page is not imported again', async () => {
    const load = jest.fn(async () => ({ default: () => <p>Loaded once</p> }));
    const LazyPage = lazyPage(load);
    const { unmount } = render(
      <Suspense fallback={null}>
        <LazyPage />
      </Suspense>,
    );
    expect(await screen.findByText('Loaded once')).toBeInTheDocument();
    unmount();
    render(<LazyPage />);
    expect(screen.getByText('Loaded once')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('lazyPageAt', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => {
    jest.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('starts the page the address names at once, and the first render uses that download', async () => {
    window.history.replaceState(null, '', '/Portfolios/42/');
    const named = jest.fn(async () => ({ default: () => <p>Portfolio 42</p> }));
    const other = jest.fn(async () => ({ default: () => <p>Shared</p> }));
    const Named = lazyPageAt('/portfolios/:portfolioId', named);
    lazyPageAt('/portfolio/:hash', other);
    expect(named).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
    render(
      <Suspense fallback={null}>
        <Named />
      </Suspense>,
    );
    expect(await screen.findByText('Portfolio 42')).toBeInTheDocument();
    expect(named).toHaveBeenCalledTimes(1);
  });

  it('shows a failed early download as a failed page, and Try Again loads afresh', async () => {
    window.history.replaceState(null, '', '/documents');
    const load = jest.fn<Promise<{ default: ComponentType }>, []>().mockRejectedValueOnce(chunkLoadError()).mockResolvedValue({ default: () => <p>The library</p> });
    const Library = lazyPageAt('/documents', load);
    await Promise.resolve();
    render(
      <AreaErrorBoundary detail="The area could not show this page.">
        <Suspense fallback={<p>Loading</p>}>
          <Library />
        </Suspense>
      </AreaErrorBoundary>,
    );
    expect(await screen.findByText('The area could not show this page.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain }));
    expect(await screen.findByText('The library')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
