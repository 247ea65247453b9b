/**
 * The "try again" generation of lazily loaded code (pages and widgets). Failed loads are kept until
 * someone asks to try again — a user action, never a render (React may restart a render any number
 * of times, and must not start a new download each time). It lives in the contract, a shared
 * singleton, so the area's error boundary and each `<Widget>`'s own boundary bump the same counter
 * that shared/ui's retryableLazy reads.
 */
let generation = 0;

/** Lets every lazy page or widget whose load failed load afresh on its next render. */
export function retryFailedLoads(): void {
  generation += 1;
}

/** The current generation: a failed load of an older generation is tried again. */
export function loadGeneration(): number {
  return generation;
}
