import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  metricsSnapshot,
  optimizationReport,
  performanceAnalysis,
  redundancyReport,
  webVitalsReport,
} from '#shared/wire/monitoring';
import { requireAdmin } from '../../plugins/authentication';
import { isOperatorToken } from '../../lib/operator-token';
import type { HttpMetrics } from './http-metrics';
import type { MonitoringService } from './service';
import { bytesResponse, publicRoute } from '../api-documents/openapi';
import { emptyBody } from '#shared/wire/common';

const tags = ['Monitoring'];

export interface MonitoringRoutesOptions {
  metrics: HttpMetrics;
  service: MonitoringService;
  /** METRICS_TOKEN: a Prometheus scraper's bearer token, besides an admin's. */
  metricsToken: string | undefined;
  /** Beacons per IP (an IPv6 /64) per minute. */
  webVitalsPerMinute: number;
}

/** Route hooks: a valid token (401 without), of an admin (403 for any other role). */
function adminOnly(app: FastifyInstance) {
  return {
    onRequest: app.authenticate,
    preHandler: async (request: FastifyRequest) => {
      requireAdmin(request);
    },
  };
}

/**
 * `GET /metrics` (Prometheus text of this process) and the dashboard's `/monitoring/…` routes
 * (table.md §7), admin only; and the one public route, the browsers' web-vitals beacon.
 */
export const monitoringRoutes: FastifyPluginAsyncZod<MonitoringRoutesOptions> = async (
  app,
  { metrics, service, metricsToken, webVitalsPerMinute },
) => {
  const admin = adminOnly(app);

  app.get(
    '/metrics',
    {
      schema: {
        tags,
        description:
          "This process's figures in Prometheus's text format. An admin's access token, or `METRICS_TOKEN` as the bearer.",
        response: { 200: bytesResponse('Prometheus text', ['text/plain']) },
      },
      onRequest: async (request) => {
        if (isOperatorToken(metricsToken, request.headers.authorization)) return;
        await app.authenticate(request);
        requireAdmin(request);
      },
    },
    async (_request, reply) => {
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    },
  );

  app.get(
    '/monitoring/metrics',
    {
      ...admin,
      schema: {
        tags,
        description: "The server's figures now. Admins only.",
        response: { 200: metricsSnapshot },
      },
    },
    () => service.snapshot(),
  );

  app.post(
    '/monitoring/metrics/reset',
    {
      ...admin,
      schema: {
        tags,
        description: 'Resets the figures. Admins only.',
        body: emptyBody,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async () => {
      await service.reset();
      return { message: 'Métriques réinitialisées' };
    },
  );

  app.get(
    '/monitoring/analysis',
    {
      ...admin,
      schema: {
        tags,
        description: 'The performance analysis of the figures. Admins only.',
        response: { 200: performanceAnalysis },
      },
    },
    () => service.analysis(),
  );

  app.get(
    '/monitoring/optimization-report',
    {
      ...admin,
      schema: {
        tags,
        description: 'The optimisation report. Admins only.',
        response: { 200: optimizationReport },
      },
    },
    () => service.optimizationReport(),
  );

  app.get(
    '/monitoring/redundancies',
    {
      ...admin,
      schema: {
        tags,
        description: 'Requests repeated within short spans, by endpoint. Admins only.',
        response: { 200: redundancyReport },
      },
    },
    () => service.redundancies(),
  );

  await app.register(async (context) => {
    const beacon = context.withTypeProvider<ZodTypeProvider>();
    // navigator.sendBeacon sends a string as text/plain: read it as the JSON it is, here only.
    const parseJson = beacon.getDefaultJsonParser('error', 'error');
    beacon.removeContentTypeParser('text/plain');
    beacon.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
      parseJson(request, body.toString(), done);
    });
    beacon.post(
      '/monitoring/web-vitals',
      {
        bodyLimit: 4096,
        config: { rateLimit: { max: webVitalsPerMinute, timeWindow: '1 minute' } },
        schema: {
          tags,
          ...publicRoute,
          description:
            "A browser's web-vitals beacon (the body may come as `text/plain`, as `sendBeacon` sends it). Public, limited per IP.",
          consumes: ['application/json', 'text/plain'],
          body: webVitalsReport,
          response: { 204: z.undefined().describe('Recorded.') },
        },
      },
      async (request, reply) => {
        service.recordWebVitals(request.body, request.ip);
        return reply.code(204).send();
      },
    );
  });
};
