import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { anomalyPriorities, anomalyStatuses, type AnomalyContext } from '#shared/wire/anomalies';

/** Operators' record of what went wrong on the service (table.md §3 "Anomaly"). */
export const anomalies = pgTable(
  'anomalies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpoint: text('endpoint').notNull(),
    errorCount: bigint('error_count', { mode: 'number' }).notNull().default(0),
    priority: text('priority', { enum: anomalyPriorities }).notNull(),
    status: text('status', { enum: anomalyStatuses }).notNull().default('Nouvelle'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    steps: jsonb('steps').$type<string[]>().notNull().default([]),
    context: jsonb('context').$type<AnomalyContext>().notNull().default({}),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
    resolved: boolean('resolved').notNull().default(false),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution'),
  },
  (table) => [
    // One unresolved anomaly per endpoint, whoever opens it: two dashboards, two processes or the
    // burn-rate watcher racing each other insert `on conflict do nothing` and one row stays.
    uniqueIndex('anomalies_open_endpoint_unique')
      .on(table.endpoint)
      .where(sql`not ${table.resolved}`),
    index('anomalies_detected_at_idx').on(table.detectedAt),
    check('anomalies_priority_known', sql`${table.priority} in ('Haute', 'Moyenne', 'Basse')`),
    check('anomalies_status_known', sql`${table.status} in ('Nouvelle', 'En cours', 'Résolue')`),
    // `resolved` is the spec's field and the index's predicate; the status says the same thing.
    check(
      'anomalies_resolution_consistent',
      sql`${table.resolved} = (${table.status} = 'Résolue') and ${table.resolved} = (${table.resolvedAt} is not null)`,
    ),
  ],
);

export type AnomalyRow = typeof anomalies.$inferSelect;
