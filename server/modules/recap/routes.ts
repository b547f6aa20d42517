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
import { bytesResponse } from '../api-documents/openapi';

const tags = ['Recap'];

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
    {
      schema: {
        tags,
        description:
          "The game's evenings of play (a pause of four hours starts a new one). Members of the game.",
        params: recapGameParams,
        response: { 200: recapEveningList },
      },
    },
    (request) => service.evenings(currentUser(request), request.params.gameId),
  );

  app.get(
    '/game-data/:gameId/recap',
    {
      schema: {
        tags,
        description:
          "The recap of an evening (the last by default), summed from the events as this member received them, with the MJ's own lines. Members of the game.",
        params: recapGameParams,
        querystring: recapQuery,
        response: { 200: eveningRecap },
      },
    },
    (request) => service.recap(currentUser(request), request.params.gameId, request.query),
  );

  const exports = [
    {
      path: 'export.md',
      kind: 'Markdown',
      type: 'text/markdown',
      description:
        "An evening as Markdown: the MJ's lines, the recap and the chat as this member read it. Members of the game.",
      file: service.exportMarkdown,
    },
    {
      path: 'export.json',
      kind: 'JSON',
      type: 'application/json',
      description: "An evening's events as JSON, projected for this member. Members of the game.",
      file: service.exportJson,
    },
  ];
  for (const { path, kind, type, description, file } of exports) {
    app.get(
      `/game-data/:gameId/recap/${path}`,
      {
        schema: {
          tags,
          description,
          params: recapGameParams,
          querystring: recapQuery,
          response: { 200: bytesResponse(kind, [type]) },
        },
      },
      async (request, reply) =>
        download(reply, await file(currentUser(request), request.params.gameId, request.query)),
    );
  }

  app.put(
    '/game-data/:gameId/recap/notes',
    {
      schema: {
        tags,
        description:
          "The MJ's own lines for an evening (at most 2,000 characters). The game's MJ or an admin.",
        params: recapGameParams,
        body: saveEveningNotesRequest,
        response: { 200: eveningRecap },
      },
    },
    (request) => service.saveNotes(currentUser(request), request.params.gameId, request.body),
  );

  app.get(
    '/game-data/:gameId/recap/last-time',
    {
      schema: {
        tags,
        description:
          "« La dernière fois… »: the previous evening's recap when this member has not seen it yet, else null. Members of the game.",
        params: recapGameParams,
        response: { 200: lastTimeAnswer },
      },
    },
    async (request) => ({ recap: await service.lastTime(currentUser(request), request.params.gameId) }),
  );

  app.put(
    '/game-data/:gameId/recap/last-time',
    {
      schema: {
        tags,
        description:
          'Marks « La dernière fois… » of an evening as seen by this member, on every device. Members of the game.',
        params: recapGameParams,
        body: lastTimeSeenRequest,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await service.lastTimeSeen(currentUser(request), request.params.gameId, request.body.firstSeq);
      return { message: 'Vu.' };
    },
  );
};
