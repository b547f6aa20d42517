import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  consumeShardRequest,
  consumeShardResponse,
  equippedList,
  equipParams,
  equipRequest,
  equipResponse,
  isEquippedQuery,
  isEquippedResponse,
  memoryEnchantmentList,
  memoryIdParam,
  playerIdParam,
  weaponAttackList,
  weaponAttacksQuery,
} from '#shared/wire/characters';
import { currentUser } from '../../plugins/authentication';
import type { EquipmentService } from './service';

const tags = ['Equipment'];

/** table.md §7 "Players, equipment, attacks": equipment, weapon attacks, enchantments, Soul Shards. */
export const equipmentRoutes: FastifyPluginAsyncZod<{ service: EquipmentService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);

  app.put(
    '/player-memories/equip/:playerId/:memoryId',
    {
      schema: {
        tags,
        description: 'Equips or unequips a memory on a character.',
        params: equipParams,
        body: equipRequest,
        response: { 200: equipResponse },
      },
    },
    (request) =>
      service.equip(
        currentUser(request),
        request.params.playerId,
        request.params.memoryId,
        request.body.action,
      ),
  );

  app.get(
    '/player-memories/equipped/:playerId',
    {
      schema: {
        tags,
        description: 'The memories a character has equipped.',
        params: playerIdParam,
        response: { 200: equippedList },
      },
    },
    (request) => service.equipped(currentUser(request), request.params.playerId),
  );

  app.get(
    '/player-memories/isEquipped/:playerId',
    {
      schema: {
        tags,
        description: 'Whether a character has a memory equipped (`memoryId`).',
        params: playerIdParam,
        querystring: isEquippedQuery,
        response: { 200: isEquippedResponse },
      },
    },
    (request) => service.isEquipped(currentUser(request), request.params.playerId, request.query.memoryId),
  );

  app.get(
    '/memory-enchantments/:memoryId/memory',
    {
      schema: {
        tags,
        description: 'The enchantments of a memory.',
        params: memoryIdParam,
        response: { 200: memoryEnchantmentList },
      },
    },
    (request) => service.enchantmentsOf(currentUser(request), request.params.memoryId),
  );

  app.get(
    '/attack/memory/:memoryId',
    {
      schema: {
        tags,
        description: 'The attacks a weapon memory gives, for a character (`playerId`).',
        params: memoryIdParam,
        querystring: weaponAttacksQuery,
        response: { 200: weaponAttackList },
      },
    },
    (request) => service.attacksOf(currentUser(request), request.params.memoryId, request.query.playerId),
  );

  app.post(
    '/player-items/consume-soul-shard',
    {
      schema: {
        tags,
        description: 'Consumes Soul Shards of a character; answers the sheet after it.',
        body: consumeShardRequest,
        response: { 200: consumeShardResponse },
      },
    },
    (request) => service.consumeSoulShards(currentUser(request), request.body),
  );
};
