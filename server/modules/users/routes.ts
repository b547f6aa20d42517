import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSummary } from '../../../src/api/schemas/auth';
import { idParam } from '../../../src/api/schemas/common';
import type { UsersService } from './service';

export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  app.get(
    '/users/:id',
    { onRequest: app.authenticate, schema: { params: idParam, response: { 200: userSummary } } },
    (request) => service.summary(request.params.id),
  );
};
