import type { FastifyInstance } from 'fastify';

/**
 * An answer sent before the request's body was read — a 401 from `onRequest`, a 413, a 415 —
 * closes the connection. Kept alive, the connection would wait for the rest of a body nobody will
 * read: a client that stops sending (as HTTP clients do once answered) then holds it open for
 * ever, and the server's shutdown with it (route fuzzing with a 200 KB body to a guarded route
 * kept `close()` waiting past a minute).
 */
export function closeUnreadBodies(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete) reply.header('connection', 'close');
  });
}
