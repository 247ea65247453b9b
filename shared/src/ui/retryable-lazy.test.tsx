import { Suspense } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { ERROR_SCREEN_BUTTONS } from '@dossier/shared/core';
import { AreaErrorBoundary } from './error-boundary';
import { lazyPage } from './retryable-lazy';

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
