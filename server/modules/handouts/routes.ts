import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody, emptyBody } from '#shared/wire/common';
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

const tags = ['Handouts'];

/** Handouts (decision 0029): the MJ's library under the game, and what each player was shown. */
export const handoutsRoutes: FastifyPluginAsyncZod<{ service: HandoutsService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/game-data/:gameId/handouts',
    {
      schema: {
        tags,
        description: "A game's handout library. The game's MJ.",
        params: uploadParams,
        response: { 200: handoutLibrary },
      },
    },
    (request) => service.library(currentUser(request), request.params.gameId),
  );

  app.post(
    '/game-data/:gameId/handouts',
    {
      schema: {
        tags,
        description: "Adds a handout (a stored picture or a text) to the library. The game's MJ.",
        params: uploadParams,
        body: createHandoutRequest,
        response: { 201: handoutView },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(currentUser(request), request.params.gameId, request.body)),
  );

  app.post(
    '/game-data/:gameId/handouts/:id/show',
    {
      schema: {
        tags,
        description: "Shows a handout to chosen players, or to all. The game's MJ.",
        params: handoutParams,
        body: showHandoutRequest,
        response: { 200: handoutView },
      },
    },
    (request) => service.show(currentUser(request), request.params.gameId, request.params.id, request.body),
  );

  app.post(
    '/game-data/:gameId/handouts/:id/take-back',
    {
      schema: {
        tags,
        description: "Takes a shown handout back from everyone. The game's MJ.",
        body: emptyBody,
        params: handoutParams,
        response: { 200: handoutView },
      },
    },
    (request) => service.takeBack(currentUser(request), request.params.gameId, request.params.id),
  );

  app.delete(
    '/game-data/:gameId/handouts/:id',
    {
      schema: {
        tags,
        description: "Deletes a handout. The game's MJ.",
        params: handoutParams,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await service.remove(currentUser(request), request.params.gameId, request.params.id);
      return { message: 'Document supprimé.' };
    },
  );

  app.get(
    '/game-data/:gameId/documents',
    {
      schema: {
        tags,
        description: 'The handouts shown to the caller in a game.',
        params: uploadParams,
        response: { 200: shownHandouts },
      },
    },
    (request) => service.shownTo(currentUser(request), request.params.gameId),
  );
};
