import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ERROR_SCREEN_BUTTONS } from '@dossier/shared/core';
import { AreaErrorBoundary } from './error-boundary';
import { lazyPage, lazyPageAt, retryFailedLoads } from './retryable-lazy';

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

describe('code already in', () => {
  beforeEach(() => window.history.replaceState(null, '', '/documents'));
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('renders at once, without its Suspense fallback, once the address-named page has arrived (ADR 0490)', async () => {
    const Library = lazyPageAt('/documents', async () => ({ default: () => <p>The library</p> }));
    await Library.preload();
    const fallback = jest.fn(() => <p>Loading</p>);
    const Fallback = () => fallback();
    render(
      <Suspense fallback={<Fallback />}>
        <Library />
      </Suspense>,
    );
    // Synchronously in the first commit: React.lazy would suspend here and React would then hold
    // the page back for up to 300 ms after its fallback showed.
    expect(screen.getByText('The library')).toBeInTheDocument();
    expect(fallback).not.toHaveBeenCalled();
  });

  it('keeps the page mounted when the load settles: a page shown while it loaded is not remounted on the next render', async () => {
    let arrive!: (page: { default: ComponentType }) => void;
    const mounts = jest.fn();
    function Counter() {
      const [count, setCount] = useState(0);
      useEffect(() => mounts(), []);
      return <button onClick={() => setCount((n) => n + 1)}>Clicked {count}</button>;
    }
    const Page = lazyPage(() => new Promise((resolve) => (arrive = resolve)));
    const { rerender } = render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => arrive({ default: Counter }));
    fireEvent.click(await screen.findByRole('button', { name: 'Clicked 0' }));
    rerender(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeInTheDocument();
    expect(mounts).toHaveBeenCalledTimes(1);
  });

  it('preload() rejects as the render would fail, and a Try Again after it loads afresh', async () => {
    const load = jest.fn<Promise<{ default: ComponentType }>, []>().mockRejectedValueOnce(chunkLoadError()).mockResolvedValue({ default: () => <p>Back</p> });
    const Page = lazyPage(load);
    await expect(Page.preload()).rejects.toThrow('Loading chunk 42 failed.');
    await expect(Page.preload()).rejects.toThrow('Loading chunk 42 failed.'); // kept until Try Again
    retryFailedLoads();
    await expect(Page.preload()).resolves.toBeDefined();
    expect(load).toHaveBeenCalledTimes(2);
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
