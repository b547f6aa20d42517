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

const tags = ['Journal'];

/** A game's journal (decision 0030): list, read, create, save, share, delete. */
export const journalRoutes: FastifyPluginAsyncZod<{ service: JournalService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/game-data/:gameId/journal',
    {
      schema: {
        tags,
        description: 'The journal pages of a game the caller may read.',
        params: journalGameParams,
        response: { 200: journalPageList },
      },
    },
    (request) => service.list(currentUser(request), request.params.gameId),
  );

  app.post(
    '/game-data/:gameId/journal',
    {
      schema: {
        tags,
        description: 'Writes a new journal page.',
        params: journalGameParams,
        body: createJournalPageRequest,
        response: { 201: journalPage },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(currentUser(request), request.params.gameId, request.body)),
  );

  app.get(
    '/journal/:id',
    { schema: { tags, description: 'A journal page.', params: idParam, response: { 200: journalPage } } },
    (request) => service.read(currentUser(request), request.params.id),
  );

  app.put(
    '/journal/:id',
    {
      schema: {
        tags,
        description: 'Saves a journal page; a save made on an older version is merged line by line.',
        params: idParam,
        body: saveJournalPageRequest,
        response: { 200: journalSaveAnswer },
      },
    },
    (request) => service.save(currentUser(request), request.params.id, request.body),
  );

  app.put(
    '/journal/:id/sharing',
    {
      schema: {
        tags,
        description: 'Shares a journal page with the players, or makes it private again.',
        params: idParam,
        body: journalSharingRequest,
        response: { 200: journalPage },
      },
    },
    (request) => service.share(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/journal/:id',
    {
      schema: {
        tags,
        description: 'Deletes a journal page.',
        params: idParam,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await service.remove(currentUser(request), request.params.id);
      return { message: journalMessages.deleted };
    },
  );
};
