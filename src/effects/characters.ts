import { filter, map, merge, type Observable } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import {
  changeEquipment,
  consumeSoulShards,
  createCharacter,
  getCharacterSheet,
  getMemoryEnchantments,
  getWeaponAttacks,
  updateCharacter,
} from '../api/characters';
import { getPublicConfig } from '../api/config';
import { getGame } from '../api/games';
import {
  equipmentChangeEvent,
  playerUpdateEvent,
  type ConsumeShardRequest,
  type CreateCharacterRequest,
} from '../api/schemas/characters';
import { equipmentSlotOf, type EquippedMemory } from '../domain/character/equipment';
import {
  characterSheetMachine,
  equippedOf,
  sheetEquipment,
  type SheetData,
} from '../machines/character-sheet.machine';
import type { EquipmentChange } from '../machines/equipment.machine';
import { serverEvents } from './server-events';
import type { SocketFact } from './socket';

/** The image bucket's base address from `GET /config`. */
const loadImageBucket = fromPromise<string>(
  async ({ signal }) => (await getPublicConfig(signal)).imageBucketUrl,
);

/** The creation machine's calls in the browser; the page adds where to go afterwards. */
export const characterCreationActors = {
  'load image bucket': loadImageBucket,
  'create character': fromPromise(
    async ({ input, signal }: { input: CreateCharacterRequest; signal: AbortSignal }) => ({
      id: (await createCharacter(input, signal)).id,
    }),
  ),
};

/**
 * The name of the sheet's game. The sheet's readers (its owner, the game's MJ) may read the game;
 * anyone else the server lets read the sheet goes without the name rather than without the sheet.
 */
const gameNameOf = (gameId: string | null, signal: AbortSignal) =>
  gameId === null
    ? Promise.resolve(null)
    : getGame(gameId, signal).then(
        (game) => game.name,
        () => null,
      );

/**
 * A sheet with the attacks of each weapon it wears, the enchantments of each memory it wears and
 * the name of its game.
 */
async function loadSheet(playerId: string, gameId: string | null, signal: AbortSignal): Promise<SheetData> {
  const sheet = await getCharacterSheet(playerId, gameId, signal);
  const worn = equippedOf(sheet);
  const weapons = worn.filter((memory) => equipmentSlotOf(memory.type) === 'Arme');
  const [attacks, enchantments, gameName] = await Promise.all([
    Promise.all(
      weapons.map(async (memory) => [
        memory.memoryId,
        await getWeaponAttacks(memory.memoryId, playerId, signal),
      ]),
    ),
    Promise.all(
      worn.map(async (memory) => [memory.memoryId, await getMemoryEnchantments(memory.memoryId, signal)]),
    ),
    gameNameOf(sheet.gameId, signal),
  ]);
  return {
    sheet,
    attacks: Object.fromEntries(attacks),
    enchantments: Object.fromEntries(enchantments),
    vitals: sheet.table,
    gameName,
  };
}

/**
 * `equipmentChange` for this character, from any table or sheet: read the sheet again; its
 * `playerUpdate`: its health at the table, as it changes.
 */
function sheetNews(facts$: Observable<SocketFact>, playerId: string) {
  return merge(
    serverEvents(facts$, 'equipmentChange', equipmentChangeEvent).pipe(
      filter((change) => change.playerId === playerId),
      map(() => ({ type: 'sheet.reload' as const })),
    ),
    serverEvents(facts$, 'playerUpdate', playerUpdateEvent).pipe(
      filter((update) => update.playerId === playerId),
      map(({ playerId: _id, ...vitals }) => ({ type: 'vitals.changed' as const, vitals })),
    ),
  );
}

/** The sheet machine, and the equipment machine it runs, with their calls and the socket's news. */
export function characterSheetLogic(facts$: Observable<SocketFact>) {
  return characterSheetMachine.provide({
    actors: {
      'load image bucket': loadImageBucket,
      'load sheet': fromPromise(
        ({ input, signal }: { input: { playerId: string; gameId: string | null }; signal: AbortSignal }) =>
          loadSheet(input.playerId, input.gameId, signal),
      ),
      'update image': fromPromise(
        ({ input, signal }: { input: { playerId: string; assetLink: string | null }; signal: AbortSignal }) =>
          updateCharacter(input.playerId, { assetLink: input.assetLink }, signal),
      ),
      'consume shards': fromPromise(
        ({ input, signal }: { input: ConsumeShardRequest; signal: AbortSignal }) =>
          consumeSoulShards(input, signal),
      ),
      'watch sheet news': fromEventObservable(({ input }: { input: { playerId: string } }) =>
        sheetNews(facts$, input.playerId),
      ),
      equipment: sheetEquipment({
        actors: {
          'change equipment': fromPromise(
            async ({
              input,
              signal,
            }: {
              input: EquipmentChange;
              signal: AbortSignal;
            }): Promise<EquippedMemory[]> =>
              (await changeEquipment(input.playerId, input.memoryId, input.action, signal)).equipped.map(
                ({ memoryId, Memory }) => ({ memoryId, ...Memory }),
              ),
          ),
        },
        actions: {
          'warn unknown memory type': (_, { memory }) =>
            console.warn(`Type de mémoire inconnu : ${memory.type} (${memory.name})`),
        },
      }),
    },
  });
}
