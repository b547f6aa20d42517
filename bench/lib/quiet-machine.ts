import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

/** The machine's CPU counters (all cores): time spent idle and in all. */
async function cpuTimes(): Promise<{ idle: number; total: number }> {
  const fields = (await readFile('/proc/stat', 'utf8'))
    .split('\n', 1)[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  // idle and iowait are the time no process ran.
  return { idle: fields[3]! + (fields[4] ?? 0), total: fields.reduce((sum, value) => sum + value, 0) };
}

/** The share of the machine's CPU that was busy over `ms`. */
async function busyShare(ms: number): Promise<number> {
  const before = await cpuTimes();
  await sleep(ms);
  const after = await cpuTimes();
  const total = after.total - before.total;
  return total === 0 ? 0 : 1 - (after.idle - before.idle) / total;
}

/**
 * Waits until the machine's CPU has been busy under `atMost` over a window of `windowMs`, or
 * `timeoutMs` has passed, and gives the busy share it last read: a measure that reads a page's main thread
 * (Lighthouse's blocking time) would otherwise also read what the benches before it left running,
 * a database's vacuum after the soak's 300,000 inserts for one.
 */
export async function waitForQuietMachine({
  atMost = 0.15,
  windowMs = 2000,
  timeoutMs = 90_000,
} = {}): Promise<number> {
  const giveUpAt = performance.now() + timeoutMs;
  for (;;) {
    const busy = await busyShare(windowMs);
    if (busy <= atMost || performance.now() >= giveUpAt) return busy;
  }
}
