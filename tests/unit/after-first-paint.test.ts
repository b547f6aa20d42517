// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, FIRST_PAINT_WAIT_MS } from '../../src/effects/after-first-paint';

/** A PerformanceObserver the test feeds: jsdom reports no paints. */
class PaintObserver {
  static supportedEntryTypes = ['paint'];
  static current: PaintObserver | null = null;
  observed: PerformanceObserverInit | null = null;
  disconnected = false;
  constructor(private readonly callback: (entries: { getEntriesByName(name: string): unknown[] }) => void) {
    PaintObserver.current = this;
  }
  observe(options: PerformanceObserverInit) {
    this.observed = options;
  }
  disconnect() {
    this.disconnected = true;
  }
  report(...names: string[]) {
    this.callback({ getEntriesByName: (name) => names.filter((one) => one === name) });
  }
}

describe('afterFirstPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', PaintObserver);
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
      setTimeout(() => callback(performance.now()), 16),
    );
    PaintObserver.current = null;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for the first contentful paint, past the first paint, and runs once', () => {
    const work = vi.fn();
    afterFirstPaint(work);
    const observer = PaintObserver.current!;
    expect(observer.observed).toEqual({ type: 'paint', buffered: true });

    // A frame without content (the emblem still being decoded) is no reason to start.
    vi.advanceTimersByTime(100);
    observer.report('first-paint');
    expect(work).not.toHaveBeenCalled();

    observer.report('first-paint', 'first-contentful-paint');
    expect(observer.disconnected).toBe(true);
    // In a task of its own, not in the observer's.
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS);
    observer.report('first-contentful-paint');
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('gives each work waiting on the same paint a task of its own', () => {
    // One observer callback ran both the web vitals' import and the app's: a task of 45 ms on
    // this machine, 180 on Lighthouse's phone, the lobby's largest part of its blocking time.
    let waitingWhileFirstRan: number | null = null;
    const first = vi.fn(() => {
      waitingWhileFirstRan = vi.getTimerCount();
    });
    const second = vi.fn();
    afterFirstPaint(first);
    const firstObserver = PaintObserver.current!;
    afterFirstPaint(second);
    const secondObserver = PaintObserver.current!;
    firstObserver.report('first-contentful-paint');
    secondObserver.report('first-contentful-paint');
    expect(first).not.toHaveBeenCalled();
    expect(second).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    // The second work was still a timer of its own when the first ran.
    expect(waitingWhileFirstRan).toBe(1);
  });

  it('runs all the same when no contentful paint comes in time', () => {
    const work = vi.fn();
    afterFirstPaint(work);
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS - 1);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    vi.runOnlyPendingTimers();
    expect(work).toHaveBeenCalledTimes(1);
    expect(PaintObserver.current!.disconnected).toBe(true);
  });

  it('falls back on the next frame where paints are not reported', () => {
    PaintObserver.supportedEntryTypes = [];
    try {
      const work = vi.fn();
      afterFirstPaint(work);
      expect(PaintObserver.current).toBeNull();
      vi.advanceTimersByTime(16);
      // The frame's task comes after its paint.
      expect(work).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(work).toHaveBeenCalledTimes(1);
    } finally {
      PaintObserver.supportedEntryTypes = ['paint'];
    }
  });
});
