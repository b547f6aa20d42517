import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody } from '#shared/wire/common';
import { uploadParams } from '#shared/wire/files';
import {
  createHandoutRequest,
  handoutLibrary,
  handoutParams,
  handoutView,
  showHandoutRequest,
  shownHandouts,
} from '#shared/wire/handouts';
import { currentUser } from '../../plugins/authentication';
import type { HandoutsService } from './service';

/** Handouts (decision 0029): the MJ's library under the game, and what each player was shown. */
export const handoutsRoutes: FastifyPluginAsyncZod<{ service: HandoutsService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/game-data/:gameId/handouts',
    { schema: { params: uploadParams, response: { 200: handoutLibrary } } },
    (request) => service.library(currentUser(request), request.params.gameId),
  );

  app.post(
    '/game-data/:gameId/handouts',
    { schema: { params: uploadParams, body: createHandoutRequest, response: { 201: handoutView } } },
    async (request, reply) =>
      reply.code(201).send(await service.create(currentUser(request), request.params.gameId, request.body)),
  );

  app.post(
    '/game-data/:gameId/handouts/:id/show',
    { schema: { params: handoutParams, body: showHandoutRequest, response: { 200: handoutView } } },
    (request) => service.show(currentUser(request), request.params.gameId, request.params.id, request.body),
  );

  app.post(
    '/game-data/:gameId/handouts/:id/take-back',
    { schema: { params: handoutParams, response: { 200: handoutView } } },
    (request) => service.takeBack(currentUser(request), request.params.gameId, request.params.id),
  );

  app.delete(
    '/game-data/:gameId/handouts/:id',
    { schema: { params: handoutParams, response: { 200: messageBody } } },
    async (request) => {
      await service.remove(currentUser(request), request.params.gameId, request.params.id);
      return { message: 'Document supprimé.' };
    },
  );

  app.get(
    '/game-data/:gameId/documents',
    { schema: { params: uploadParams, response: { 200: shownHandouts } } },
    (request) => service.shownTo(currentUser(request), request.params.gameId),
  );
};
