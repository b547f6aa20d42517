import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfig } from '#shared/wire/config';
import type { Config } from '../../config';
import { publicRoute } from '../api-documents/openapi';

const tags = ['Config'];

/** `GET /config`: the public settings the client reads at run time (src/api/schemas/config.ts). */
export const publicConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/config',
    {
      schema: {
        tags,
        ...publicRoute,
        description: 'The public settings the client reads at run time.',
        response: { 200: publicConfig },
      },
    },
    () => ({
      imageBucketUrl: config.imageBucketUrl,
    }),
  );
};
