import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ERROR_RETRY_LIMIT, ERROR_SCREEN_BUTTONS, ERROR_SCREEN_TITLES } from '@dossier/shared/core';
import { AreaErrorBoundary } from './error-boundary';

function Flaky({ failures }: { failures: { left: number } }) {
  if (failures.left > 0) {
    failures.left--;
    throw new Error('render failed');
  }
  return <p>Area content</p>;
}

describe('AreaErrorBoundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows the error screen in place of the area while its siblings keep working, and Try Again re-renders it', async () => {
    // React retries a failed render once synchronously before the boundary takes over.
    const failures = { left: 2 };
    function Page() {
      const [count, setCount] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setCount((n) => n + 1)}>
            Nav {count}
          </button>
          <AreaErrorBoundary>
            <Flaky failures={failures} />
          </AreaErrorBoundary>
        </>
      );
    }
    const onError = jest.fn();
    render(<Page />);
    expect(screen.getByRole('heading', { name: ERROR_SCREEN_TITLES.default })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Nav 0' }));
    expect(screen.getByRole('button', { name: 'Nav 1' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain }));
    expect(await screen.findByText('Area content')).toBeInTheDocument();
    expect(onError).not.toHaveBeenCalled();
  });

  it(`counts retries across resets and stops offering them after ${ERROR_RETRY_LIMIT}`, async () => {
    const failures = { left: 100 };
    const onError = jest.fn();
    render(
      <AreaErrorBoundary onError={onError}>
        <Flaky failures={failures} />
      </AreaErrorBoundary>,
    );
    for (let attempt = 1; attempt <= ERROR_RETRY_LIMIT; attempt++) {
      expect(await screen.findByRole('button', { name: ERROR_SCREEN_BUTTONS.retry(attempt) })).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain }));
    }
    await waitFor(() => expect(screen.queryByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain })).toBeNull());
    expect(screen.getByRole('button', { name: ERROR_SCREEN_BUTTONS.reloadPage })).toBeInTheDocument();
    expect(onError).toHaveBeenCalled();
  });
});
