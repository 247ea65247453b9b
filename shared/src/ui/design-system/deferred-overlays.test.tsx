import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';

/**
 * A control drawn before the overlays' code is here shows its stand-in, then becomes the real
 * control when the code arrives — without React losing track of its hooks (ADR 0455). The test
 * setup loads the overlays before each file, so this takes a fresh copy of the module, whose
 * code has not arrived yet.
 */
function freshDeferredOverlays(): typeof import('./deferred-overlays') {
  // The same React as the test renders with (a second copy would have no dispatcher).
  const react = jest.requireActual('react');
  const jsxRuntime = jest.requireActual('react/jsx-runtime');
  const reactDom = jest.requireActual('react-dom');
  let fresh: typeof import('./deferred-overlays') | undefined;
  jest.isolateModules(() => {
    jest.doMock('react', () => react);
    jest.doMock('react/jsx-runtime', () => jsxRuntime);
    jest.doMock('react-dom', () => reactDom);
    fresh = jest.requireActual('./deferred-overlays');
  });
  return fresh!;
}

it('a Select drawn before its code arrives turns into the real one, keeping its label and value', async () => {
  const { Select } = freshDeferredOverlays();
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    render(<Select label="Sort by" value="name" onValueChange={() => undefined} options={[{ value: 'name', label: 'Name' }, { value: 'size', label: 'Size' }]} />);
    // The stand-in: the closed look, the chosen value.
    const standIn = screen.getByRole('button', { name: /Sort by/ });
    expect(standIn).toHaveTextContent('Name');
    // The code arrives (the dynamic import resolves): the real Radix Select replaces it.
    const real = await screen.findByRole('combobox', { name: /Sort by/ });
    expect(real).toHaveTextContent('Name');
    await act(async () => undefined);
    expect(errors).not.toHaveBeenCalled();
  } finally {
    errors.mockRestore();
  }
});

/** Renders with console errors collected; any React warning fails the test. */
async function withoutConsoleErrors(run: () => Promise<void>) {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    await run();
    await act(async () => undefined);
    expect(errors).not.toHaveBeenCalled();
  } finally {
    errors.mockRestore();
  }
}

// A tap that beats the code is kept: the control opens when the code arrives (the CI's second
// tab clicked "Import from Google Drive" before the overlays were here, and nothing opened).
describe('a tap on a stand-in before the code arrives', () => {
  it('opens a dialog whose owner holds its open state (the Drive import dialog)', async () => {
    const { Dialog } = freshDeferredOverlays();
    function Owned() {
      const [open, setOpen] = useState(false);
      return <Dialog open={open} onOpenChange={setOpen} title="Import from Google Drive" trigger={<button type="button">Import from Google Drive</button>} />;
    }
    await withoutConsoleErrors(async () => {
      render(<Owned />);
      fireEvent.click(screen.getByRole('button', { name: 'Import from Google Drive' }));
      expect(await screen.findByRole('dialog', { name: 'Import from Google Drive' })).toBeVisible();
    });
  });

  it('opens a dialog that keeps its own open state, and still runs the trigger’s own click', async () => {
    const { Dialog } = freshDeferredOverlays();
    const own = jest.fn();
    await withoutConsoleErrors(async () => {
      render(<Dialog title="A dialog" trigger={<button type="button" onClick={own}>Open a dialog</button>} />);
      fireEvent.click(screen.getByRole('button', { name: 'Open a dialog' }));
      expect(await screen.findByRole('dialog', { name: 'A dialog' })).toBeVisible();
      expect(own).toHaveBeenCalledTimes(1);
    });
  });

  it('opens a menu, whose items then work', async () => {
    const { Menu } = freshDeferredOverlays();
    const renamed = jest.fn();
    await withoutConsoleErrors(async () => {
      render(<Menu trigger={<button type="button">Actions</button>} items={[{ label: 'Rename', onSelect: renamed }]} />);
      fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
      expect(renamed).toHaveBeenCalledTimes(1);
    });
  });

  it('opens a select’s list of options', async () => {
    const { Select } = freshDeferredOverlays();
    // jsdom draws nothing, so it has no scrollIntoView; Radix scrolls the chosen option into view.
    Element.prototype.scrollIntoView = jest.fn();
    await withoutConsoleErrors(async () => {
      render(<Select label="Sort by" defaultValue="name" options={[{ value: 'name', label: 'Name' }, { value: 'size', label: 'Size' }]} />);
      fireEvent.click(screen.getByRole('button', { name: /Sort by/ }));
      expect(await screen.findByRole('option', { name: 'Size' })).toBeInTheDocument();
    });
  });

  it('leaves a dialog closed when nobody tapped', async () => {
    const { Dialog } = freshDeferredOverlays();
    await withoutConsoleErrors(async () => {
      render(<Dialog title="A dialog" trigger={<button type="button">Open a dialog</button>} />);
      // The trigger's code arrives (the trigger becomes Radix's, with aria-haspopup) and nothing opens.
      await screen.findByRole('button', { name: 'Open a dialog', expanded: false });
      await act(async () => undefined);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });
});
