import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { commonMessages, HttpError, reportInternalError } from '../lib/errors';

/** Fastify's own client errors, in the words the user reads. */
const frameworkMessages: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: commonMessages.invalidJson },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: commonMessages.unsupportedMediaType },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: commonMessages.payloadTooLarge },
};

/**
 * Errors raised before any route is found (a malformed %-encoding in the path): given to the
 * Fastify constructor as `frameworkErrors`, since the error handler never sees them.
 */
export function frameworkErrors(_error: FastifyError, _request: unknown, reply: FastifyReply): void {
  void reply.code(400).send({ error: commonMessages.badRequest });
}

export function sendNotFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).send({ error: commonMessages.notFound });
}

/** One answer shape for every failure: `{ error }` in French; stacks only in the log. */
export function useErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ error: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ error: error.validation[0]?.message ?? commonMessages.badRequest });
    }
    const known = frameworkMessages[error.code];
    if (known) return reply.code(known.status).send({ error: known.message });
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ error: commonMessages.badRequest });
    }
    return reply.code(500).send({ error: reportInternalError(request.log, error) });
  });

  app.setNotFoundHandler((_request, reply) => sendNotFound(reply));
}
