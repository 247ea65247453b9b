import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { render, screen } from '@testing-library/react';
import { LOADING_TEXT } from '@dossier/shared/core';
import { lazyWidget } from './lazy-widget';

/** A few event-loop turns: enough for a plain React update, far short of Suspense's 300 ms throttle. */
const turns = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('lazyWidget', () => {
  it('shows "Loading..." and then the widget once its code is in, as a plain update: not held back like a suspended reveal (ADR 0490)', async () => {
    // Outside act(), as in the browser: act() skips React's reveal throttle, which this is about.
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    try {
      let arrive!: (widget: () => React.JSX.Element) => void;
      const Widget = lazyWidget(() => new Promise<() => React.JSX.Element>((resolve) => (arrive = resolve)));
      flushSync(() => root.render(<Widget />));
      await turns();
      expect(container).toHaveTextContent(LOADING_TEXT);
      arrive(() => <p>Expiring soon</p>);
      await turns();
      // A suspended widget would still show "Loading..." here, for up to 300 ms more.
      expect(container).toHaveTextContent('Expiring soon');
    } finally {
      root.unmount();
      container.remove();
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('renders a widget whose code is in already in the first render, without loading it again', async () => {
    const load = jest.fn(async () => () => <p>Recent documents</p>);
    const Widget = lazyWidget(load);
    const first = render(<Widget />);
    expect(await screen.findByText('Recent documents')).toBeInTheDocument();
    first.unmount();
    render(<Widget />);
    expect(screen.getByText('Recent documents')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
