import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, messageBody } from '#shared/wire/common';
import {
  createJournalPageRequest,
  journalGameParams,
  journalMessages,
  journalPage,
  journalPageList,
  journalSaveAnswer,
  journalSharingRequest,
  saveJournalPageRequest,
} from '#shared/wire/journal';
import { currentUser } from '../../plugins/authentication';
import type { JournalService } from './service';

/** A game's journal (decision 0030): list, read, create, save, share, delete. */
export const journalRoutes: FastifyPluginAsyncZod<{ service: JournalService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/game-data/:gameId/journal',
    { schema: { params: journalGameParams, response: { 200: journalPageList } } },
    (request) => service.list(currentUser(request), request.params.gameId),
  );

  app.post(
    '/game-data/:gameId/journal',
    { schema: { params: journalGameParams, body: createJournalPageRequest, response: { 201: journalPage } } },
    async (request, reply) =>
      reply.code(201).send(await service.create(currentUser(request), request.params.gameId, request.body)),
  );

  app.get('/journal/:id', { schema: { params: idParam, response: { 200: journalPage } } }, (request) =>
    service.read(currentUser(request), request.params.id),
  );

  app.put(
    '/journal/:id',
    { schema: { params: idParam, body: saveJournalPageRequest, response: { 200: journalSaveAnswer } } },
    (request) => service.save(currentUser(request), request.params.id, request.body),
  );

  app.put(
    '/journal/:id/sharing',
    { schema: { params: idParam, body: journalSharingRequest, response: { 200: journalPage } } },
    (request) => service.share(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/journal/:id',
    { schema: { params: idParam, response: { 200: messageBody } } },
    async (request) => {
      await service.remove(currentUser(request), request.params.id);
      return { message: journalMessages.deleted };
    },
  );
};
