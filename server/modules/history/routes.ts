import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  historyEventsSent,
  historyEventsQuery,
  historyGameParams,
  historyMarks,
  historyPictureQuery,
  historyPointSent,
  historyStateQuery,
  type HistoryEvents,
  type HistoryPoint,
} from '#shared/wire/history';
import { mapPictureParams } from '#shared/wire/map-pictures';
import { currentUser } from '../../plugins/authentication';
import { bytesResponse, notModified } from '../api-documents/openapi';
import { sendPicture } from '../map-pictures/routes';
import type { MapPicturesService } from '../map-pictures/service';
import type { HistoryService } from './service';

const tags = ['Replay'];

/** A game's replay (docs/live-table.md "Replay"): its marks, the table at a point, the events to play. */
export const historyRoutes: FastifyPluginAsyncZod<{
  service: HistoryService;
  pictures: Pick<MapPicturesService, 'pictureIn'>;
}> = async (app, { service, pictures }) => {
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

  app.get(
    '/game-data/:gameId/history/maps/:mapId/picture',
    {
      schema: {
        tags,
        description:
          "A stored map's picture at a seq as this member saw it then: for a player, what their fog and sight hid at that point is painted out. JPEG, at most `width` pixels wide. Members of the game.",
        params: mapPictureParams,
        querystring: historyPictureQuery,
        response: { 200: bytesResponse('The picture.', ['image/jpeg']), 304: notModified },
      },
    },
    async (request, reply) => {
      const { gameId, mapId } = request.params;
      const { seq, width } = request.query;
      const { actor, state } = await service.copyAt(gameId, currentUser(request), seq);
      return sendPicture(request, reply, await pictures.pictureIn(gameId, actor, state, mapId, width));
    },
  );
};
