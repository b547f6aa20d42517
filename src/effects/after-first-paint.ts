import { afterNextFrame } from './next-frame';

/** How long the first contentful paint is waited for before `work` runs all the same. */
export const FIRST_PAINT_WAIT_MS = 1000;

/**
 * Runs `work` once the page's first contentful paint has been presented on the screen: requests
 * started before it count into it (Lighthouse's simulation downloads them before that paint). A
 * frame's end is not enough: the frame may paint nothing that counts yet (a picture still being
 * decoded), and its pixels reach the screen after the page's next task has begun. Where paints
 * are not reported, in a hidden tab, or when none comes within FIRST_PAINT_WAIT_MS, it falls
 * back on the next frame. `work` runs in a task of its own: the works waiting on one paint are
 * called by one observer callback, and would add up into one long task. Kept free of RxJS: the
 * boot module uses it before the app's code loads.
 */
export function afterFirstPaint(work: () => void): void {
  if (document.hidden || !PerformanceObserver.supportedEntryTypes.includes('paint')) {
    afterNextFrame(work);
    return;
  }
  let done = false;
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length > 0) run();
  });
  const timer = setTimeout(run, FIRST_PAINT_WAIT_MS);
  function run() {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    setTimeout(work, 0);
  }
  observer.observe({ type: 'paint', buffered: true });
}
