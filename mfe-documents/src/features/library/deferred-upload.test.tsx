import { act, render, screen } from '@testing-library/react';
import { DeferredUpload } from './deferred-upload';

// When the upload stack is asked for (issue 24): not while the library's first page loads, then
// on its own; `onShown` only once the panel is on the page. The upload feature is replaced here.
const loaded = jest.fn();
jest.mock('../upload', () => {
  loaded();
  return { UploadPanel: () => <input data-testid="upload-input" type="file" />, QueuedUploads: () => null };
});

test('loads the upload panel only once started, and tells when it is shown', async () => {
  const onShown = jest.fn();
  const view = render(<DeferredUpload start={false} onShown={onShown} categoryId={null} />);
  await act(async () => undefined);
  expect(loaded).not.toHaveBeenCalled();
  expect(screen.queryByTestId('upload-input')).toBeNull();

  view.rerender(<DeferredUpload start onShown={onShown} categoryId={null} />);
  expect(await screen.findByTestId('upload-input')).toBeTruthy();
  expect(loaded).toHaveBeenCalledTimes(1);
  expect(onShown).toHaveBeenCalledTimes(1);
});
