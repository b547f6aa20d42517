import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { untrustedInputRefusal } from '#shared/wire/common';
import { httpError } from '../lib/errors';

/**
 * The client sends JSON headers on every call (platform.md), body or not: an empty JSON body is
 * no body. Anything else goes to Fastify's own parser, with its prototype-poisoning checks.
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else parseJson(request, body.toString(), done);
  });
}

/** Routes validate with the zod schemas of src/api/schemas, and zod speaks French to the user. */
export function useZodValidation(app: FastifyInstance): void {
  z.config(z.locales.fr());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJsonBodies(app);
  app.addHook('preValidation', async (request) => {
    const refusal =
      untrustedInputRefusal(request.params) ??
      untrustedInputRefusal(request.query) ??
      untrustedInputRefusal(request.body);
    if (refusal) throw httpError(400, refusal);
  });
}
