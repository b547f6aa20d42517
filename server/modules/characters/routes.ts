import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  characterIdsQuery,
  characterInGameParams,
  characterList,
  characterSheet,
  createCharacterRequest,
  keptSheet,
  lobbyCharacterList,
  type CharacterSheet,
  createdCharacter,
  gameIdParam,
  updateCharacterRequest,
} from '#shared/wire/characters';
import { idParam } from '#shared/wire/common';
import { currentUser } from '../../plugins/authentication';
import { charactersServerMessages } from './messages';
import type { CharactersService } from './service';

const tags = ['Characters'];

/** table.md §7 "Players, equipment, attacks" and platform.md §7 "Games and players". */
export const charactersRoutes: FastifyPluginAsyncZod<{ service: CharactersService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);

  /** A sheet read after its access was checked, with its health at the table (`app.table`). */
  const withVitals = async (sheet: CharacterSheet) => ({
    ...sheet,
    table: sheet.gameId === null ? null : await app.table.vitalsOf(sheet.gameId, sheet.id),
  });

  app.post(
    '/players',
    {
      schema: {
        tags,
        description: 'Creates a character, checked against the creation rules and budgets.',
        body: createCharacterRequest,
        response: { 201: createdCharacter },
      },
    },
    async (request, reply) => {
      const { id } = await service.create(currentUser(request), request.body);
      return reply.code(201).send({ id, message: charactersServerMessages.created });
    },
  );

  app.get(
    '/players',
    {
      schema: {
        tags,
        description: 'Characters by id (`ids`), those the caller may read.',
        querystring: characterIdsQuery,
        response: { 200: characterList },
      },
    },
    (request) => service.list(currentUser(request), request.query.ids),
  );

  app.get(
    '/players/game/:gameId/characters',
    {
      schema: {
        tags,
        description: "The caller's characters in a game, with their health at the table.",
        params: gameIdParam,
        response: { 200: lobbyCharacterList },
      },
    },
    async (request) => {
      const { gameId } = request.params;
      const mine = await service.listMineInGame(currentUser(request), gameId);
      return Promise.all(
        mine.map(async (character) => ({
          ...character,
          table: await app.table.vitalsOf(gameId, character.id),
        })),
      );
    },
  );

  app.get(
    '/players/game/:gameId/all-characters',
    {
      schema: {
        tags,
        description: "Every character of a game. The game's MJ and members.",
        params: gameIdParam,
        response: { 200: characterList },
      },
    },
    (request) => service.listAllInGame(currentUser(request), request.params.gameId),
  );

  app.get(
    '/players/:playerId/game/:gameId',
    {
      schema: {
        tags,
        description: "A character's sheet within a game, with its health at the table.",
        params: characterInGameParams,
        response: { 200: keptSheet },
      },
    },
    async (request) =>
      withVitals(
        await service.sheetInGame(currentUser(request), request.params.playerId, request.params.gameId),
      ),
  );

  app.get(
    '/players/:id',
    {
      schema: {
        tags,
        description: "A character's sheet, with its health at the table.",
        params: idParam,
        response: { 200: keptSheet },
      },
    },
    async (request) => withVitals(await service.sheet(currentUser(request), request.params.id)),
  );

  app.put(
    '/players/:id',
    {
      schema: {
        tags,
        description: "Updates a character's sheet. Its owner or the game's MJ.",
        params: idParam,
        body: updateCharacterRequest,
        response: { 200: characterSheet },
      },
    },
    (request) => service.update(currentUser(request), request.params.id, request.body),
  );
};
