import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { monitoringProcesses, monitoringResets } from '../../db/schema/index';
import { processFigures, type ProcessFigures } from './process-figures';

const SERVICE = 'service';

/**
 * Where the processes of one deployment meet: its database, which every deployment has (PGlite
 * alone or PostgreSQL shared). Each process upserts its row; a reader takes the rows written
 * within `freshSeconds` (the database's clock for both, so the processes' clocks never matter).
 */
export function createSharedFigures(db: Db, log: FastifyBaseLogger) {
  return {
    async publish(processId: string, figures: ProcessFigures): Promise<void> {
      await db
        .insert(monitoringProcesses)
        .values({ processId, figures })
        .onConflictDoUpdate({
          target: monitoringProcesses.processId,
          set: { figures, updatedAt: sql`now()` },
        });
    },

    /** The other processes' fresh figures; a row this version cannot read is left out. */
    async others(processId: string, freshSeconds: number): Promise<ProcessFigures[]> {
      const rows = await db
        .select({ processId: monitoringProcesses.processId, figures: monitoringProcesses.figures })
        .from(monitoringProcesses)
        .where(
          and(
            ne(monitoringProcesses.processId, processId),
            gt(monitoringProcesses.updatedAt, sql`now() - make_interval(secs => ${freshSeconds})`),
          ),
        );
      return rows.flatMap((row) => {
        const parsed = processFigures.safeParse(row.figures);
        if (parsed.success) return [parsed.data];
        log.warn({ processId: row.processId }, 'monitoring: unreadable figures of another process');
        return [];
      });
    },

    /** Epoch milliseconds of the service's last reset, 0 when it was never reset. */
    async resetEpoch(): Promise<number> {
      const [row] = await db
        .select({ resetAt: monitoringResets.resetAt })
        .from(monitoringResets)
        .where(eq(monitoringResets.scope, SERVICE));
      return row?.resetAt.getTime() ?? 0;
    },

    /** Records a reset of the whole service; each process applies it when it next reads it. */
    async requestReset(): Promise<number> {
      const [row] = await db
        .insert(monitoringResets)
        .values({ scope: SERVICE, resetAt: sql`now()` })
        .onConflictDoUpdate({ target: monitoringResets.scope, set: { resetAt: sql`now()` } })
        .returning({ resetAt: monitoringResets.resetAt });
      if (!row) throw new Error('unreachable: an upsert returns its row');
      return row.resetAt.getTime();
    },

    async remove(processId: string): Promise<void> {
      await db.delete(monitoringProcesses).where(eq(monitoringProcesses.processId, processId));
    },
  };
}

export type SharedFigures = ReturnType<typeof createSharedFigures>;
