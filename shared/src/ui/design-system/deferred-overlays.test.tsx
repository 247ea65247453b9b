import { act, render, screen } from '@testing-library/react';

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
