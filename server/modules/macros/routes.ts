import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, messageBody } from '#shared/wire/common';
import {
  createMacroRequest,
  macro,
  macroList,
  macroMessages,
  macroUserParams,
  updateMacroRequest,
} from '#shared/wire/macros';
import { currentUser } from '../../plugins/authentication';
import type { MacrosService } from './service';

const tags = ['Macros'];

/** table.md §7 "Chat and macros". */
export const macrosRoutes: FastifyPluginAsyncZod<{ service: MacrosService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/macro/user/:userId',
    {
      schema: {
        tags,
        description: "A user's chat macros. The user themselves.",
        params: macroUserParams,
        response: { 200: macroList },
      },
    },
    (request) => service.listOf(currentUser(request), request.params.userId),
  );

  app.post(
    '/macro',
    {
      schema: {
        tags,
        description: 'Creates a chat macro.',
        body: createMacroRequest,
        response: { 201: macro },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(currentUser(request), request.body)),
  );

  app.put(
    '/macro/:id',
    {
      schema: {
        tags,
        description: 'Updates a chat macro. Its owner.',
        params: idParam,
        body: updateMacroRequest,
        response: { 200: macro },
      },
    },
    (request) => service.update(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/macro/:id',
    {
      schema: {
        tags,
        description: 'Deletes a chat macro. Its owner.',
        params: idParam,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await service.remove(currentUser(request), request.params.id);
      return { message: macroMessages.deleted };
    },
  );
};
