import { act, fireEvent, render, screen } from '@testing-library/react';
import { ERROR_RETRY_LIMIT, ERROR_SCREEN_BUTTONS, ERROR_SCREEN_TITLES, HttpError, USER_MESSAGES, WAIT_ONLINE_TIMEOUT_MESSAGE } from '@dossier/shared/core';
import { ErrorScreen } from './error-screen';

const setOnline = (online: boolean) => Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });

describe('ErrorScreen (SPEC §8)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    setOnline(true);
  });

  it('shows the classified title and message, Try Again first, then Retry (n) and Reload Page', () => {
    render(<ErrorScreen error={new HttpError(503)} retryCount={1} onRetry={jest.fn()} />);
    expect(screen.getByRole('heading', { name: ERROR_SCREEN_TITLES.server })).toBeInTheDocument();
    expect(screen.getByText(USER_MESSAGES.serverError)).toBeInTheDocument();
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual([ERROR_SCREEN_BUTTONS.tryAgain, ERROR_SCREEN_BUTTONS.retry(2), ERROR_SCREEN_BUTTONS.reloadPage]);
  });

  it('Try Again retries at once', () => {
    const onRetry = jest.fn();
    render(<ErrorScreen error={new TypeError('Failed to fetch')} retryCount={0} onRetry={onRetry} />);
    fireEvent.click(screen.getByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("Retry (n) shows 'Retrying...', pauses 1 s, then retries", async () => {
    const onRetry = jest.fn();
    render(<ErrorScreen error={new TypeError('Failed to fetch')} retryCount={0} onRetry={onRetry} />);
    fireEvent.click(screen.getByRole('button', { name: ERROR_SCREEN_BUTTONS.retry(1) }));
    expect(await screen.findByRole('button', { name: ERROR_SCREEN_BUTTONS.retrying })).toBeDisabled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(999);
    });
    expect(onRetry).not.toHaveBeenCalled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('waits up to 10 s for the connection, then says so and does not retry', async () => {
    setOnline(false);
    const onRetry = jest.fn();
    render(<ErrorScreen error={new TypeError('Failed to fetch')} retryCount={0} onRetry={onRetry} />);
    expect(screen.getByRole('heading', { name: ERROR_SCREEN_TITLES.noInternet })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: ERROR_SCREEN_BUTTONS.retry(1) }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10_000);
    });
    expect(screen.getByText(WAIT_ONLINE_TIMEOUT_MESSAGE)).toBeInTheDocument();
    expect(onRetry).not.toHaveBeenCalled();
  });

  it('retries as soon as the connection comes back', async () => {
    setOnline(false);
    const onRetry = jest.fn();
    render(<ErrorScreen error={new TypeError('Failed to fetch')} retryCount={0} onRetry={onRetry} />);
    fireEvent.click(screen.getByRole('button', { name: ERROR_SCREEN_BUTTONS.retry(1) }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3_000);
      setOnline(true);
      window.dispatchEvent(new Event('online'));
      await jest.advanceTimersByTimeAsync(1_000);
    });
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it(`offers no retry after ${ERROR_RETRY_LIMIT} retries, nor for errors that cannot pass on retry`, () => {
    const { rerender } = render(<ErrorScreen error={new HttpError(500)} retryCount={ERROR_RETRY_LIMIT} onRetry={jest.fn()} />);
    expect(screen.queryByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain })).toBeNull();
    expect(screen.getByRole('button', { name: ERROR_SCREEN_BUTTONS.reloadPage })).toBeInTheDocument();
    rerender(<ErrorScreen error={new HttpError(403)} retryCount={0} onRetry={jest.fn()} />);
    expect(screen.queryByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain })).toBeNull();
  });

  it('Reload Page reloads', () => {
    const onReload = jest.fn();
    render(<ErrorScreen error={new HttpError(500)} retryCount={0} onRetry={jest.fn()} onReload={onReload} />);
    fireEvent.click(screen.getByRole('button', { name: ERROR_SCREEN_BUTTONS.reloadPage }));
    expect(onReload).toHaveBeenCalled();
  });
});
