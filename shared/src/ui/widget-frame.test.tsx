import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WidgetFrame } from './widget-frame';

describe('WidgetFrame', () => {
  it('draws the title with its aside once loaded, then the content and the footer', () => {
    render(
      <WidgetFrame title="Your plan" state="success" empty={null} aside={<span>Free plan</span>} footer={<button type="button">Disconnect</button>}>
        <p>12 of 100</p>
      </WidgetFrame>,
    );
    const card = screen.getByRole('region', { name: 'Your plan' });
    expect(within(card).getByRole('heading', { level: 2, name: 'Your plan' })).toHaveClass('widget-title');
    expect(card.querySelector('.widget-head')).toHaveTextContent('Your planFree plan');
    expect(within(card).getByText('12 of 100')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
  });

  it('loading: the SPEC text alone, no aside and no footer', () => {
    render(
      <WidgetFrame title="Your plan" state="pending" empty={null} aside={<span>Free plan</span>} footer={<button type="button">Disconnect</button>}>
        <p>12 of 100</p>
      </WidgetFrame>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText('Free plan')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("failed: the classifier's text with the design system's Try Again, and the footer stays", async () => {
    const retry = jest.fn();
    render(
      <WidgetFrame title="Google Drive" state="error" error="Google Drive could not be reached." onRetry={retry} empty={null} footer={<button type="button">Disconnect</button>}>
        <p>never shown</p>
      </WidgetFrame>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Google Drive could not be reached.');
    const tryAgain = within(alert).getByRole('button', { name: 'Try Again' });
    expect(tryAgain).toHaveClass('ds-button');
    await userEvent.click(tryAgain);
    expect(retry).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('never shown')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
  });
});
