import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gameMessagesAnswer, gameMessagesQuery, type GameMessagesAnswer } from '#shared/wire/table';
import { currentUser } from '../../plugins/authentication';
import type { TableService } from './service';

const tags = ['Table'];

/**
 * The game chat's history (table.md §7): `GET /message?gameId=…`, beside the private messages'
 * `POST /message` and `/message/conversation/…` (another method and other paths).
 */
export const tableRoutes: FastifyPluginAsyncZod<{ service: TableService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/message',
    {
      schema: {
        tags,
        description:
          "A page of a game's chat, oldest first: the chat and dice events with `seq < before` (the newest page without it), as the caller may see them. Empty without `gameId`.",
        querystring: gameMessagesQuery,
        response: { 200: gameMessagesAnswer },
      },
    },
    async (request) => {
      const { gameId, before, limit } = request.query;
      if (!gameId) return [];
      // The domain's TableEvent is the same union as the schema's, written as one intersection.
      return (await service.chatHistory(gameId, currentUser(request), {
        before,
        limit,
      })) as GameMessagesAnswer;
    },
  );
};
