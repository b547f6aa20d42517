import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Each server process's monitoring figures, rewritten every few seconds (docs/monitoring.md), so
 * whichever process answers `GET /monitoring/metrics` shows the whole service. A process that
 * stopped writing is ignored once its row is stale.
 */
export const monitoringProcesses = pgTable('monitoring_processes', {
  processId: text('process_id').primaryKey(),
  figures: jsonb('figures').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The service's last `POST /monitoring/metrics/reset`: one row, read by every process. */
export const monitoringResets = pgTable('monitoring_resets', {
  scope: text('scope').primaryKey(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
