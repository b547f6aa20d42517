import type { FastifyPluginAsync } from 'fastify';

/**
 * A route that fails for real (an unexpected throw, answered 500 by the error handler), for a test
 * server's `extraRoutes` only: `GET /test/panne/:id`, counted as the endpoint `GET /test/panne/:id`.
 */
export const failingRoute: FastifyPluginAsync = async (api) => {
  api.get('/test/panne/:id', async () => {
    throw new Error('panne voulue par le test');
  });
};

export const FAILING_ENDPOINT = 'GET /test/panne/:id';
