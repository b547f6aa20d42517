import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { httpError } from '../../lib/errors';
import { currentUser } from '../../plugins/authentication';
import type { HttpMetrics } from './http-metrics';

/** The Prometheus text of this process, for an admin's token only (401 without one, 403 for others). */
export const monitoringRoutes: FastifyPluginAsyncZod<{ metrics: HttpMetrics }> = async (app, { metrics }) => {
  app.get('/metrics', { onRequest: app.authenticate }, async (request, reply) => {
    if (currentUser(request).role !== 'admin') throw httpError(403, 'Réservé aux administrateurs');
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
};
