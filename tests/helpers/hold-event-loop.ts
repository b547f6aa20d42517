/**
 * Keeps this process's event loop busy for `ms`: a stall the monitoring must see. The tests and
 * the servers they start share the loop, so this holds both.
 */
export function holdEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Nothing else runs meanwhile: that is the stall.
  }
}
