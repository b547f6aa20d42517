import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody } from '#shared/wire/common';
import {
  gameParams,
  gameResourceParams,
  resourceIdBody,
  resourceParams,
  resourceWithMessage,
  storeEntry,
  storeEntryList,
} from '#shared/wire/resources';
import { resourceCategories } from '#shared/domain/resources/categories';
import { currentUser } from '../../plugins/authentication';
import { storeMessages } from './messages';
import type { StoreService } from './service';

const tags = ['Global store'];

/** platform.md §7 "Global store" and table.md §7 import/export, one route per category. */
export const storeRoutes: FastifyPluginAsyncZod<{ service: StoreService }> = async (app, { service }) => {
  for (const category of resourceCategories) {
    app.post(
      `/game-data/:gameId/${category}/export`,
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          description: `Exports a game's \`${category}\` resource to the global store. The game's MJ.`,
          params: gameParams,
          body: resourceIdBody,
          response: { 200: resourceWithMessage },
        },
      },
      async (request) => ({
        message: storeMessages.exported,
        resource: await service.export(
          currentUser(request),
          request.params.gameId,
          category,
          request.body.resourceId,
        ),
      }),
    );

    app.post(
      `/game-data/:gameId/${category}/import`,
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          description: `Imports a \`${category}\` resource from the global store into a game. The game's MJ.`,
          params: gameParams,
          body: resourceIdBody,
          response: { 201: resourceWithMessage },
        },
      },
      async (request, reply) => {
        const resource = await service.import(
          currentUser(request),
          request.params.gameId,
          category,
          request.body.resourceId,
        );
        return reply.code(201).send({ message: storeMessages.imported, resource });
      },
    );

    app.delete(
      `/game-data/:gameId/${category}/import/:resourceId`,
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          description: `Removes an imported \`${category}\` resource from a game. The game's MJ.`,
          params: gameResourceParams,
          response: { 200: messageBody },
        },
      },
      async (request) => {
        const { gameId, resourceId } = request.params;
        await service.removeImport(currentUser(request), gameId, category, resourceId);
        return { message: storeMessages.importRemoved };
      },
    );

    app.get(
      `/global-store/${category}`,
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          description: `The global store's \`${category}\` resources.`,
          response: { 200: storeEntryList },
        },
      },
      () => service.list(category),
    );

    app.get(
      `/global-store/${category}/:resourceId`,
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          description: `A global store's \`${category}\` resource.`,
          params: resourceParams,
          response: { 200: storeEntry },
        },
      },
      (request) => service.get(category, request.params.resourceId),
    );

    app.delete(
      `/global-store/${category}/:resourceId`,
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          description: `Removes a \`${category}\` resource from the global store. The one who exported it, or an admin.`,
          params: resourceParams,
          response: { 200: messageBody },
        },
      },
      async (request) => {
        await service.remove(currentUser(request), category, request.params.resourceId);
        return { message: storeMessages.removedFromStore };
      },
    );
  }
};
