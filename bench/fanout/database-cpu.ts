/**
 * The CPU PostgreSQL spends for one database: its backends run in their own processes, which the
 * server's CPU does not include, so a comparison with a relay that has no database must add them.
 */
import pg from 'pg';
import { cpuSecondsOf } from '../../tests/helpers/child-server';

async function backendsOf(databaseUrl: string): Promise<number[]> {
  const name = new URL(databaseUrl).pathname.slice(1);
  // Connected to the admin database, so the probe itself is not one of the backends counted.
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [name],
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

async function cpuOf(pids: readonly number[]): Promise<Map<number, number>> {
  // A backend that ended between the listing and the read has nothing left to count.
  const read = await Promise.all(pids.map((pid) => cpuSecondsOf(pid).catch(() => null)));
  return new Map(pids.flatMap((pid, i) => (read[i] === null ? [] : [[pid, read[i]!] as const])));
}

/**
 * Starts counting the CPU of the backends serving `databaseUrl`'s database; `stop` gives the CPU
 * seconds they used since. A backend opened meanwhile counts whole (it was born in the window); one
 * closed meanwhile is missed, which the server's pool, busy all along, does not do.
 */
export async function countDatabaseCpu(databaseUrl: string): Promise<{ stop(): Promise<number> }> {
  const before = await cpuOf(await backendsOf(databaseUrl));
  return {
    async stop() {
      const after = await cpuOf(await backendsOf(databaseUrl));
      let total = 0;
      for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
      return total;
    },
  };
}
