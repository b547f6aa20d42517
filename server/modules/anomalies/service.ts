import { and, desc, eq, not, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  anomalyMessages,
  type createAnomalyRequest,
  type Anomaly,
  type AnomalyStats,
  type AnomalyStatus,
} from '#shared/wire/anomalies';
import type { MetricsSnapshot } from '#shared/wire/monitoring';
import { anomalyPriorityFor } from '#shared/domain/monitoring/anomaly-priority';
import type { Db } from '../../db/client';
import { anomalies, type AnomalyRow } from '../../db/schema/index';
import { httpError } from '../../lib/errors';
import { contextOf, endpointReport, type AnomalyReport } from './reports';

// Ids are uuids; anything else names nothing (and must not reach PostgreSQL as a uuid).
const uuid = z.guid();

/** The newest first, so the list stays readable and its answer small; `stats` counts them all. */
export const ANOMALY_LIST_LIMIT = 200;

export const anomalyServiceMessages = {
  alreadyOpen: 'Une anomalie non résolue existe déjà pour cet endpoint',
  resolvedIsFinal: 'Cette anomalie est résolue\u00a0: elle ne change plus',
  noErrorsSeen: 'Aucune erreur serveur relevée sur cet endpoint\u00a0: pas d’anomalie à créer',
  deleted: 'Anomalie supprimée',
} as const;
const messages = { ...anomalyMessages, ...anomalyServiceMessages };

/** The fields of `POST /anomalies` once the contract's defaults are applied. */
export type AnomalyFields = z.output<typeof createAnomalyRequest>;

function toAnomaly(row: AnomalyRow): Anomaly {
  return {
    id: row.id,
    endpoint: row.endpoint,
    errorCount: row.errorCount,
    priority: row.priority,
    status: row.status,
    title: row.title,
    description: row.description,
    steps: row.steps,
    context: row.context,
    tags: row.tags,
    detected_at: row.detectedAt.toISOString(),
    resolved: row.resolved,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    resolution: row.resolution,
  };
}

/** 5xx per endpoint as a Map: an endpoint a client names is data, never a key reaching a prototype. */
const errorsByEndpoint = (snapshot: MetricsSnapshot) =>
  new Map(Object.entries(snapshot.api.normalizedErrorsByEndpoint));

/**
 * Operators' anomalies (table.md §3, §4 "Anomaly status", §7). Admin only: the routes check the
 * role, so this service trusts its caller. At most one unresolved anomaly per endpoint, enforced
 * by a partial unique index rather than by a read before the write, so concurrent openings race
 * safely. A resolved anomaly is final.
 */
export function createAnomaliesService(db: Db) {
  /** Opens the anomalies whose endpoint has none unresolved; the others are skipped, not refused. */
  async function openAll(reports: AnomalyReport[]): Promise<Anomaly[]> {
    if (reports.length === 0) return [];
    const rows = await db
      .insert(anomalies)
      .values(reports)
      .onConflictDoNothing({ target: anomalies.endpoint, where: sql`not ${anomalies.resolved}` })
      .returning();
    return rows.map(toAnomaly);
  }

  async function openOne(report: AnomalyReport): Promise<Anomaly> {
    const [opened] = await openAll([report]);
    if (!opened) throw httpError(409, messages.alreadyOpen);
    return opened;
  }

  /** Why a change to `id` touched no row: it names nothing (404) or it is resolved (409). */
  async function refusal(id: string): Promise<never> {
    const [row] = await db.select({ id: anomalies.id }).from(anomalies).where(eq(anomalies.id, id));
    if (!row) throw httpError(404, messages.notFound);
    throw httpError(409, messages.resolvedIsFinal);
  }

  function known(id: string): string {
    if (!uuid.safeParse(id).success) throw httpError(404, messages.notFound);
    return id;
  }

  /** Changes an unresolved anomaly, in one statement so a concurrent resolve cannot slip between. */
  async function changeUnresolved(id: string, change: PgUpdateSetSource<typeof anomalies>): Promise<Anomaly> {
    const [row] = await db
      .update(anomalies)
      .set(change)
      .where(and(eq(anomalies.id, known(id)), not(anomalies.resolved)))
      .returning();
    return row ? toAnomaly(row) : refusal(id);
  }

  return {
    async list(): Promise<Anomaly[]> {
      const rows = await db
        .select()
        .from(anomalies)
        .orderBy(desc(anomalies.detectedAt), desc(anomalies.id))
        .limit(ANOMALY_LIST_LIMIT);
      return rows.map(toAnomaly);
    },

    /** What the stat cards count; `byPriority` counts every anomaly, like `total`. */
    async stats(): Promise<AnomalyStats> {
      const counted = (condition: ReturnType<typeof sql>) =>
        sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
      const [row] = await db
        .select({
          total: sql<number>`count(*)`.mapWith(Number),
          active: counted(sql`not ${anomalies.resolved}`),
          new: counted(sql`${anomalies.status} = 'Nouvelle'`),
          inProgress: counted(sql`${anomalies.status} = 'En cours'`),
          resolved: counted(sql`${anomalies.resolved}`),
          Haute: counted(sql`${anomalies.priority} = 'Haute'`),
          Moyenne: counted(sql`${anomalies.priority} = 'Moyenne'`),
          Basse: counted(sql`${anomalies.priority} = 'Basse'`),
        })
        .from(anomalies);
      // An aggregate without `group by` always answers one row.
      const { Haute, Moyenne, Basse, ...counts } = row!;
      return { ...counts, byPriority: { Haute, Moyenne, Basse } };
    },

    /** An admin's own report: their words and figures, as long as the endpoint has none open. */
    create(fields: AnomalyFields): Promise<Anomaly> {
      return openOne(fields);
    },

    /**
     * `POST /anomalies/from-metrics`: the admin's words, the server's figures — the endpoint's
     * 5xx count, the priority it gives and the platform's context. An endpoint without a 5xx
     * has nothing to report (409).
     */
    fromMetrics(fields: AnomalyFields, snapshot: MetricsSnapshot): Promise<Anomaly> {
      const errors = errorsByEndpoint(snapshot).get(fields.endpoint) ?? 0;
      if (errors <= 0) throw httpError(409, messages.noErrorsSeen);
      return openOne({
        ...fields,
        errorCount: errors,
        priority: anomalyPriorityFor(errors),
        context: contextOf(snapshot),
      });
    },

    /** table.md §4: one anomaly per endpoint with 5xx and none unresolved; the worst first. */
    openForEndpoints(snapshot: MetricsSnapshot): Promise<Anomaly[]> {
      const failing = [...errorsByEndpoint(snapshot)]
        .filter(([, errors]) => errors > 0)
        .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
      return openAll(failing.map(([endpoint, errors]) => endpointReport(endpoint, errors, snapshot)));
    },

    /** The burn-rate watcher's way in: `null` when the endpoint already has one unresolved. */
    async openDetected(report: AnomalyReport): Promise<Anomaly | null> {
      return (await openAll([report]))[0] ?? null;
    },

    /** Nouvelle or En cours; Résolue goes through `resolve`, which needs its text. */
    setStatus(id: string, status: Exclude<AnomalyStatus, 'Résolue'>): Promise<Anomaly> {
      return changeUnresolved(id, { status });
    },

    resolve(id: string, resolution: string): Promise<Anomaly> {
      return changeUnresolved(id, {
        status: 'Résolue',
        resolved: true,
        resolvedAt: sql`now()`,
        resolution,
      });
    },

    async remove(id: string): Promise<void> {
      const [row] = await db
        .delete(anomalies)
        .where(eq(anomalies.id, known(id)))
        .returning({ id: anomalies.id });
      if (!row) throw httpError(404, messages.notFound);
    },
  };
}

export type AnomaliesService = ReturnType<typeof createAnomaliesService>;
