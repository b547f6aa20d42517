import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody } from '#shared/wire/common';
import {
  eveningRecap,
  lastTimeAnswer,
  lastTimeSeenRequest,
  recapEveningList,
  recapGameParams,
  recapQuery,
  saveEveningNotesRequest,
} from '#shared/wire/recap';
import { currentUser } from '../../plugins/authentication';
import type { EveningFile, RecapService } from './service';

/** An export as a file to save, named for the evening's date. */
const download = (reply: FastifyReply, file: EveningFile) =>
  reply
    .header('content-type', file.type)
    .header('content-disposition', `attachment; filename="${file.name}"`)
    .header('cache-control', 'no-store')
    .send(file.body);

/** « Résumé de la séance » (decision 0037): evenings, recaps, exports, the MJ's lines, « La dernière fois… ». */
export const recapRoutes: FastifyPluginAsyncZod<{ service: RecapService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/game-data/:gameId/recap/evenings',
    { schema: { params: recapGameParams, response: { 200: recapEveningList } } },
    (request) => service.evenings(currentUser(request), request.params.gameId),
  );

  app.get(
    '/game-data/:gameId/recap',
    { schema: { params: recapGameParams, querystring: recapQuery, response: { 200: eveningRecap } } },
    (request) => service.recap(currentUser(request), request.params.gameId, request.query),
  );

  app.get(
    '/game-data/:gameId/recap/export.md',
    { schema: { params: recapGameParams, querystring: recapQuery } },
    async (request, reply) => {
      const file = await service.exportMarkdown(currentUser(request), request.params.gameId, request.query);
      return download(reply, file);
    },
  );

  app.get(
    '/game-data/:gameId/recap/export.json',
    { schema: { params: recapGameParams, querystring: recapQuery } },
    async (request, reply) => {
      const file = await service.exportJson(currentUser(request), request.params.gameId, request.query);
      return download(reply, file);
    },
  );

  app.put(
    '/game-data/:gameId/recap/notes',
    { schema: { params: recapGameParams, body: saveEveningNotesRequest, response: { 200: eveningRecap } } },
    (request) => service.saveNotes(currentUser(request), request.params.gameId, request.body),
  );

  app.get(
    '/game-data/:gameId/recap/last-time',
    { schema: { params: recapGameParams, response: { 200: lastTimeAnswer } } },
    async (request) => ({ recap: await service.lastTime(currentUser(request), request.params.gameId) }),
  );

  app.put(
    '/game-data/:gameId/recap/last-time',
    { schema: { params: recapGameParams, body: lastTimeSeenRequest, response: { 200: messageBody } } },
    async (request) => {
      await service.lastTimeSeen(currentUser(request), request.params.gameId, request.body.firstSeq);
      return { message: 'Vu.' };
    },
  );
};
