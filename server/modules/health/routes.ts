import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { httpError } from '../../lib/errors';
import { publicRoute } from '../api-documents/openapi';

const tags = ['Health'];

/** Readiness for a proxy or an orchestrator: answers ok only while the database answers. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      schema: {
        tags,
        ...publicRoute,
        description: 'Readiness: `ok` while the database answers, 503 otherwise.',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => {
      try {
        await db.execute(sql`select 1`);
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        throw httpError(503, 'Base de données indisponible');
      }
      return { status: 'ok' as const };
    },
  );
};
