import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody } from '#shared/wire/common';
import {
  addToAllBody,
  addToAllResponse,
  assignBody,
  gameParams,
  gameResource,
  gameResourceList,
  gameResourceParams,
  idsQuery,
  resourceForms,
  resourcePlayers,
  unassignParams,
  type ResourceFormOutput,
} from '#shared/wire/resources';
import { idParam } from '#shared/wire/common';
import { linkableCategories, resourceCategories } from '#shared/domain/resources/categories';
import { currentUser } from '../../plugins/authentication';
import { resourcesMessages } from './messages';
import type { ResourcesService } from './service';

const tags = ['Game resources'];

/** The spec's paths for "who holds it" (platform.md §7 "Global store"). */
const holderPaths = {
  rune: '/player-runes',
  memory: '/player-memories',
  echo: '/player-echoes',
  item: '/player-items',
} as const;

/**
 * table.md §7 "Game resources" and platform.md §7: one route per category rather than a
 * `:category` parameter, so an unknown category is a plain 404 and these paths never shadow
 * another module's `/game-data/{id}/…` or `/{name}/{id}` routes.
 */
export const resourcesRoutes: FastifyPluginAsyncZod<{ service: ResourcesService }> = async (
  app,
  { service },
) => {
  for (const category of resourceCategories) {
    const form = resourceForms[category];

    app.get(
      `/game-data/:gameId/${category}`,
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          description: `A game's \`${category}\` resources. Its members (some categories are its MJ's alone).`,
          params: gameParams,
          response: { 200: gameResourceList },
        },
      },
      (request) => service.list(currentUser(request), request.params.gameId, category),
    );

    app.post(
      `/game-data/:gameId/${category}`,
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          description: `Creates a \`${category}\` resource in a game. The game's MJ.`,
          params: gameParams,
          body: form,
          response: { 201: gameResource },
        },
      },
      async (request, reply) => {
        const body = request.body as ResourceFormOutput;
        const created = await service.create(currentUser(request), request.params.gameId, category, body);
        return reply.code(201).send(created);
      },
    );

    app.put(
      `/game-data/:gameId/${category}/:resourceId`,
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          description: `Updates a \`${category}\` resource. The game's MJ.`,
          params: gameResourceParams,
          body: form,
          response: { 200: gameResource },
        },
      },
      (request) =>
        service.update(
          currentUser(request),
          request.params.gameId,
          category,
          request.params.resourceId,
          request.body as ResourceFormOutput,
        ),
    );

    app.delete(
      `/game-data/:gameId/${category}/:resourceId`,
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          description: `Deletes a \`${category}\` resource. The game's MJ.`,
          params: gameResourceParams,
          response: { 200: messageBody },
        },
      },
      async (request) => {
        await service.remove(
          currentUser(request),
          request.params.gameId,
          category,
          request.params.resourceId,
        );
        return { message: resourcesMessages.deleted };
      },
    );

    app.get(
      `/${category}/:id`,
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          description: `A \`${category}\` resource by id. Who may read it in its game.`,
          params: idParam,
          response: { 200: gameResource },
        },
      },
      (request) => service.read(currentUser(request), category, request.params.id),
    );
  }

  for (const category of linkableCategories) {
    app.post(
      `/game-data/:gameId/assign/${category}`,
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          description: `Gives a \`${category}\` resource to a character. The game's MJ.`,
          params: gameParams,
          body: assignBody,
          response: { 200: messageBody },
        },
      },
      async (request) => {
        await service.assign(currentUser(request), request.params.gameId, category, request.body);
        return { message: resourcesMessages.assigned };
      },
    );

    app.delete(
      `/game-data/:gameId/unassign/${category}/:resourceId/:playerId`,
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          description: `Takes a \`${category}\` resource back from a character. The game's MJ.`,
          params: unassignParams,
          response: { 200: messageBody },
        },
      },
      async (request) => {
        const { gameId, resourceId, playerId } = request.params;
        await service.unassign(currentUser(request), gameId, category, resourceId, playerId);
        return { message: resourcesMessages.unassigned };
      },
    );

    app.post(
      `/game-data/:gameId/add-to-all/${category}`,
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          description: `Gives a \`${category}\` resource to every character of the game. The game's MJ.`,
          params: gameParams,
          body: addToAllBody,
          response: { 200: addToAllResponse },
        },
      },
      async (request) => {
        const count = await service.addToAll(
          currentUser(request),
          request.params.gameId,
          category,
          request.body,
        );
        return { message: resourcesMessages.addedToAll, count };
      },
    );
  }

  for (const [category, path] of Object.entries(holderPaths) as Array<[keyof typeof holderPaths, string]>) {
    app.get(
      `${path}/:id/players`,
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          description: `The characters that hold a \`${category}\` resource.`,
          params: idParam,
          response: { 200: resourcePlayers },
        },
      },
      (request) => service.holders(currentUser(request), category, request.params.id),
    );
  }

  for (const category of ['map', 'monster'] as const) {
    app.get(
      `/${category}`,
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          description: `\`${category}\` resources by id (\`ids\`, at most 100); those the caller may not read are left out.`,
          querystring: idsQuery,
          response: { 200: gameResourceList },
        },
      },
      (request) => service.lookup(currentUser(request), category, request.query.ids),
    );
  }
};
