/**
 * Runs the given tasks one after the other, in the order they were given, whatever each one's
 * outcome: for work that reads a state, awaits, then writes it (two at once would both read the
 * same state, or land their writes in the wrong order).
 */
export function oneAtATime() {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };
}
