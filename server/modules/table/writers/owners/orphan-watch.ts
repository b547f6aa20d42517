import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `look` every `everyMs`, never two at once and not once `stopping()`; a failure is said once
 * while it lasts (the database away), not at every turn. The timer does not keep the process up.
 */
export function lookEvery(
  everyMs: number,
  look: () => Promise<void>,
  stopping: () => boolean,
  log: FastifyBaseLogger,
): NodeJS.Timeout {
  let looking = false;
  let failing = false;
  const timer = setInterval(() => {
    if (looking || stopping()) return;
    looking = true;
    void look()
      .then(
        () => {
          failing = false;
        },
        (error: unknown) => {
          if (!failing) log.warn({ err: error }, 'table owners: watching the owners failed');
          failing = true;
        },
      )
      .finally(() => {
        looking = false;
      });
  }, everyMs);
  timer.unref();
  return timer;
}
