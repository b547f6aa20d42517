import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asyncApiDocument, type AsyncApiDocument } from './asyncapi';
import { publicRoute } from './openapi';
import { apiDocumentsPage } from './page';

const tags = ['Documentation'];
const json = (description: string) => ({
  200: { description, content: { 'application/json': { schema: z.looseObject({}) } } },
});

/**
 * The API's documents (decision 0039): OpenAPI, AsyncAPI, and a page that reads both. Public: they
 * hold shapes, the same for everyone, never data.
 */
export const apiDocumentsRoutes: FastifyPluginAsyncZod<{ publicUrl: string | undefined }> = async (
  app,
  { publicUrl },
) => {
  // Written at the first read, not at every start (tests start hundreds of servers): 0.5 s of CPU
  // for the OpenAPI document, 0.15 s for the page, kept for the process's life.
  let asyncApi: AsyncApiDocument | undefined;
  const asyncApiOnce = () => (asyncApi ??= asyncApiDocument(publicUrl));
  let page: string | undefined;

  app.get(
    '/docs',
    {
      schema: {
        tags,
        ...publicRoute,
        description: 'This page: the REST routes and the socket events, read from the two documents below.',
        response: { 200: { description: 'HTML', content: { 'text/html': { schema: z.string() } } } },
      },
    },
    async (_request, reply) => {
      page ??= apiDocumentsPage(app.swagger(), asyncApiOnce());
      return reply.type('text/html; charset=utf-8').send(page);
    },
  );

  app.get(
    '/docs/openapi.json',
    {
      schema: {
        tags,
        ...publicRoute,
        description: 'The OpenAPI 3.1 document of every REST route, generated from their zod schemas.',
        response: json('OpenAPI 3.1'),
      },
    },
    () => ({ ...app.swagger() }),
  );

  app.get(
    '/docs/asyncapi.json',
    {
      schema: {
        tags,
        ...publicRoute,
        description: 'The AsyncAPI 3.0 document of every socket event, generated from their zod schemas.',
        response: json('AsyncAPI 3.0'),
      },
    },
    asyncApiOnce,
  );
};
