import { act, render, screen } from '@testing-library/react';
import { useTyping } from './toast-viewport';

function Probe() {
  return <output>{useTyping() ? 'typing' : 'idle'}</output>;
}

describe('useTyping (toasts move off the foot of a phone while a field has focus, issue 22)', () => {
  it('is on while a text field has focus and off when focus leaves it', async () => {
    render(
      <>
        <Probe />
        <input aria-label="Add a tag" />
        <input type="checkbox" aria-label="Select" />
      </>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('idle');
    act(() => screen.getByLabelText('Add a tag').focus());
    expect(screen.getByRole('status')).toHaveTextContent('typing');
    await act(async () => {
      screen.getByLabelText('Select').focus();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByRole('status')).toHaveTextContent('idle');
  });
});
