import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  historyEventsSent,
  historyEventsQuery,
  historyGameParams,
  historyMarks,
  historyPointSent,
  historyStateQuery,
  type HistoryEvents,
  type HistoryPoint,
} from '#shared/wire/history';
import { currentUser } from '../../plugins/authentication';
import type { HistoryService } from './service';

const tags = ['Replay'];

/** A game's replay (docs/live-table.md "Replay"): its marks, the table at a point, the events to play. */
export const historyRoutes: FastifyPluginAsyncZod<{ service: HistoryService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/game-data/:gameId/history',
    {
      schema: {
        tags,
        description:
          "What a replay may jump to: the log's head, its evenings of play and the turns this member's copy received. Members of the game.",
        params: historyGameParams,
        response: { 200: historyMarks },
      },
    },
    (request) => service.marks(request.params.gameId, currentUser(request)),
  );

  app.get(
    '/game-data/:gameId/history/state',
    {
      schema: {
        tags,
        description:
          'The table at a seq (or at a time) as this member saw it then, with the chat lines they read up to that point. Read from replay checkpoints, never from the live table. Members of the game.',
        params: historyGameParams,
        querystring: historyStateQuery,
        response: { 200: historyPointSent },
      },
    },
    // The domain's TableEvent is the same union as the schema's, written as one intersection.
    async (request) =>
      (await service.point(request.params.gameId, currentUser(request), request.query)) as HistoryPoint,
  );

  app.get(
    '/game-data/:gameId/history/events',
    {
      schema: {
        tags,
        description:
          'The events after a seq, up to `limit`, as this member received them live (what they may not see arrives redacted). Members of the game.',
        params: historyGameParams,
        querystring: historyEventsQuery,
        response: { 200: historyEventsSent },
      },
    },
    async (request) =>
      (await service.events(request.params.gameId, currentUser(request), request.query)) as HistoryEvents,
  );
};
