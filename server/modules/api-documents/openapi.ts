import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_BASE } from '#shared/paths';
import { errorBody } from '#shared/wire/common';
import { jsonSchemaOf } from './json-schema';

/** What every route may answer besides its success: the French refusal of docs/server.md. */
const refusal = {
  description: 'A refusal (400, 401, 403, 404, 409, 429) or a failure (500), its text in French.',
  ...jsonSchemaOf(errorBody, 'draft-2020-12'),
};

/**
 * Collects every route's zod schemas into the OpenAPI document (decision 0039), read at
 * `GET /api/docs/openapi.json`. Registered before the modules: it hears routes as they are added.
 * Paths are written from the API's base (the document's server), as the spec writes them; the
 * client's pages and redirects outside it are left out.
 */
export async function useOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Shattered Realms',
        version: '1',
        description:
          'The REST API of Shattered Realms. Every answer is JSON unless said otherwise; every refusal is `{ "error": "<French text>" }`. The realtime events are in the AsyncAPI document beside this one.',
      },
      servers: [{ url: API_BASE }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'The access token answered by `POST /auth/login`, 15 minutes; renew it with `POST /auth/refresh`.',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: (document) => {
      const { url } = document;
      if (!url.startsWith(`${API_BASE}/`)) return { schema: { hide: true }, url };
      const path = url.slice(API_BASE.length);
      // A route without schemas is written as it is, to be named by tests/server/api-documents.test.ts.
      if (!document.schema) return { schema: document.schema, url: path };
      const { schema } = jsonSchemaTransform(document);
      const response = (schema as { response?: Record<string, unknown> }).response;
      return { schema: { ...schema, response: { ...response, default: refusal } }, url: path };
    },
  });
}

/** In a route's schema: the route needs no access token (the document's default asks for one). */
export const publicRoute = { security: [] };

/** In a route's schema: the answer to an `If-None-Match` naming the current ETag. */
export const notModified = z
  .undefined()
  .describe('Not modified: the ETag named in `If-None-Match` still holds.');

/**
 * In a route's schema: a success answered as bytes, not JSON (a stored file, a picture, metrics).
 * A buffer, a stream or a string, sent as it is: Fastify serializes none of them.
 */
export function bytesResponse(description: string, mediaTypes: string[]) {
  const bytes = z.any().meta({ type: 'string', format: 'binary' });
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: bytes }])) };
}
