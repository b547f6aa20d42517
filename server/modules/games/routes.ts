import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody, emptyBody } from '#shared/wire/common';
import {
  createGameRequest,
  gameData,
  gameIdRouteParam,
  gamePlayerList,
  gameSummaryList,
} from '#shared/wire/games';
import { currentUser } from '../../plugins/authentication';
import { gamesMessages } from './messages';
import type { GamesService } from './service';

const tags = ['Games'];

/** platform.md §7 "Games and players": the game-data routes of the lobbies and the game screen. */
export const gamesRoutes: FastifyPluginAsyncZod<{ service: GamesService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/game-data/owned',
    { schema: { tags, description: 'The games the caller runs as MJ.', response: { 200: gameSummaryList } } },
    (request) => service.owned(currentUser(request)),
  );

  app.post(
    '/game-data',
    {
      schema: {
        tags,
        description: 'Creates a game run by the caller.',
        body: createGameRequest,
        response: { 201: gameData },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(currentUser(request), request.body)),
  );

  app.get(
    '/game-data/:gameId',
    {
      schema: {
        tags,
        description: "A game's data. Its members and admins.",
        params: gameIdRouteParam,
        response: { 200: gameData },
      },
    },
    (request) => service.data(currentUser(request), request.params.gameId),
  );

  app.get(
    '/game-data/:gameId/players',
    {
      schema: {
        tags,
        description: 'The players of a game. Its members and admins.',
        params: gameIdRouteParam,
        response: { 200: gamePlayerList },
      },
    },
    (request) => service.players(currentUser(request), request.params.gameId),
  );

  app.delete(
    '/game-data/:gameId',
    {
      schema: {
        tags,
        description: 'Deletes a game and everything in it. Its MJ.',
        params: gameIdRouteParam,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await service.remove(currentUser(request), request.params.gameId);
      return { message: gamesMessages.deleted };
    },
  );

  app.post(
    '/game-data/:gameId/leave',
    {
      schema: {
        tags,
        description: 'Leaves a game the caller plays in.',
        body: emptyBody,
        params: gameIdRouteParam,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await service.leave(currentUser(request), request.params.gameId);
      return { message: gamesMessages.left };
    },
  );
};
