import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  anomaly,
  anomalyList,
  anomalyStats,
  anomalyStatusRequest,
  createAnomalyRequest,
  createdAnomalies,
  resolveAnomalyRequest,
} from '#shared/wire/anomalies';
import { idParam, messageBody, emptyBody } from '#shared/wire/common';
import { requireAdmin } from '../../plugins/authentication';
import type { MetricsSource } from '../monitoring/metrics-source';
import { anomalyServiceMessages, type AnomaliesService } from './service';

const tags = ['Anomalies'];

export const anomalyRouteMessages = {
  /** table.md §8 "Monitoring": the dashboard shows this text as is. */
  created: 'Anomalies créées avec succès !',
  noneNeeded: 'Aucune nouvelle anomalie à créer',
} as const;

/**
 * table.md §7 "Anomalies and monitoring", admin only (401 without a token, 403 for the others,
 * before the body is even read). `create-anomalies` and `from-metrics` read the service's own
 * figures through `source`.
 */
export const anomaliesRoutes: FastifyPluginAsyncZod<{
  service: AnomaliesService;
  source: MetricsSource;
}> = async (app, { service, source }) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', async (request) => {
    requireAdmin(request);
  });

  app.get(
    '/anomalies',
    {
      schema: {
        tags,
        description: 'Every anomaly, newest first. Admins only.',
        response: { 200: anomalyList },
      },
    },
    () => service.list(),
  );

  app.get(
    '/anomalies/stats',
    {
      schema: {
        tags,
        description: 'Counts of anomalies by status and priority. Admins only.',
        response: { 200: anomalyStats },
      },
    },
    () => service.stats(),
  );

  app.post(
    '/anomalies',
    {
      schema: {
        tags,
        description: 'Opens an anomaly by hand. Admins only.',
        body: createAnomalyRequest,
        response: { 201: anomaly },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.body)),
  );

  app.put(
    '/anomalies/:id/status',
    {
      schema: {
        tags,
        description: 'Moves an anomaly to another status. Admins only.',
        params: idParam,
        body: anomalyStatusRequest,
        response: { 200: anomaly },
      },
    },
    (request) => service.setStatus(request.params.id, request.body.status),
  );

  app.put(
    '/anomalies/:id/resolve',
    {
      schema: {
        tags,
        description: 'Resolves an anomaly with what was done. Admins only.',
        params: idParam,
        body: resolveAnomalyRequest,
        response: { 200: anomaly },
      },
    },
    (request) => service.resolve(request.params.id, request.body.resolution),
  );

  app.delete(
    '/anomalies/:id',
    {
      schema: {
        tags,
        description: 'Deletes an anomaly. Admins only.',
        params: idParam,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await service.remove(request.params.id);
      return { message: anomalyServiceMessages.deleted };
    },
  );

  app.post(
    '/anomalies/from-metrics',
    {
      schema: {
        tags,
        description:
          "Opens an anomaly filled from the server's current figures for its endpoint. Admins only.",
        body: createAnomalyRequest,
        response: { 201: anomaly },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.fromMetrics(request.body, await source.snapshot())),
  );

  app.post(
    '/monitoring/create-anomalies',
    {
      schema: {
        tags,
        description:
          'Opens an anomaly for every endpoint the current figures show failing, unless one is open already. Admins only.',
        body: emptyBody,
        response: { 200: createdAnomalies },
      },
    },
    async () => {
      const created = await service.openForEndpoints(await source.snapshot());
      const message = created.length > 0 ? anomalyRouteMessages.created : anomalyRouteMessages.noneNeeded;
      return { message, created };
    },
  );
};
