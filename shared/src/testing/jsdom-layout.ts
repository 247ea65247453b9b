/**
 * jsdom lays nothing out and lacks the observers Radix and the virtualiser use: tests of the
 * design system and of pages built on it install these no-op stand-ins once.
 */
export function stubLayoutApis(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
}
