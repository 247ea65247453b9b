import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterIdle } from './after-idle';

describe('afterIdle', () => {
  const original = { request: window.requestIdleCallback, cancel: window.cancelIdleCallback };
  afterEach(() => {
    window.requestIdleCallback = original.request;
    window.cancelIdleCallback = original.cancel;
    jest.useRealTimers();
  });

  it('runs at the next idle moment, at most timeoutMs later, and can be cancelled', () => {
    const asked: { run: () => void; timeout?: number }[] = [];
    const cancelled: number[] = [];
    window.requestIdleCallback = ((run: () => void, options?: IdleRequestOptions) => asked.push({ run, timeout: options?.timeout })) as typeof window.requestIdleCallback;
    window.cancelIdleCallback = (handle: number) => void cancelled.push(handle);
    const run = jest.fn();

    const cancel = afterIdle(run, 5_000);
    expect(asked).toHaveLength(1);
    expect(asked[0].timeout).toBe(5_000);
    expect(run).not.toHaveBeenCalled();
    asked[0].run();
    expect(run).toHaveBeenCalledTimes(1);

    cancel();
    expect(cancelled).toEqual([1]);
  });

  it('without requestIdleCallback (Safari) runs one second later, unless cancelled', () => {
    jest.useFakeTimers();
    window.requestIdleCallback = undefined as unknown as typeof window.requestIdleCallback;
    const run = jest.fn();
    const kept = jest.fn();

    const cancel = afterIdle(run, 5_000);
    afterIdle(kept, 5_000);
    jest.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled();
    cancel();
    jest.advanceTimersByTime(1);
    expect(run).not.toHaveBeenCalled();
    expect(kept).toHaveBeenCalledTimes(1);
  });

  it('imports nothing: the light landing runs it without the shared library', () => {
    const source = readFileSync(join(__dirname, 'after-idle.ts'), 'utf8');
    expect(source).not.toMatch(/^\s*(import|export\s+[^;]*\sfrom)\s/m);
    expect(source).not.toMatch(/\brequire\(|\bimport\(/);
  });
});
