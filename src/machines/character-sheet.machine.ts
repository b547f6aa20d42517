import { assign, sendParent, sendTo, setup } from 'xstate';
import type {
  CharacterSheet,
  ConsumeShardRequest,
  ConsumeShardResponse,
  MemoryEnchantment,
  TableVitals,
  WeaponAttack,
} from '../api/schemas/characters';
import { withEquipment, type EquippedMemory, type SheetNumbers } from '../domain/character/equipment';
import { imageLinkAllowed } from '../domain/character/image-link';
import { characterMessages } from '../domain/character/messages';
import { SKILL_NAMES, skillBonus, type Skills } from '../domain/character/skills';
import { STAT_NAMES, type Stats } from '../domain/character/stats';
import { equipmentMachine } from './equipment.machine';
import { failureText } from './failure-text';
import { unprovidedEvents, unprovidedPromise } from './unprovided';

export const sheetFailures = {
  /** Shown when the server gives no text of its own. */
  load: 'Impossible de charger la fiche du personnage.',
  shard: 'La consommation du Soul Shard a échoué.',
} as const;

/** A sheet as the page reads it: the character, then the attacks and enchantments of what it wears. */
export interface SheetData {
  sheet: CharacterSheet;
  /** By weapon memory id: the attacks of each weapon worn. */
  attacks: Record<string, WeaponAttack[]>;
  /** By memory id: the enchantments of each memory worn. */
  enchantments: Record<string, MemoryEnchantment[]>;
  /** Its health at the table, when a map holds its token. */
  vitals: TableVitals | null;
  /** The name of its game; null out of a game, or when the reader may not read the game. */
  gameName: string | null;
}

export type CharacterSheetEvent =
  | { type: 'image.change'; link: string }
  | { type: 'image.feedback.dismiss' }
  | { type: 'shard.consume'; itemId: string; quantity: number }
  | { type: 'shard.feedback.dismiss' }
  /** Something changed the sheet elsewhere (equipment, soul core): read it again. */
  | { type: 'sheet.reload' }
  /** Its HP or essence changed at the table (`playerUpdate`). */
  | { type: 'vitals.changed'; vitals: TableVitals };

export interface CharacterSheetContext {
  playerId: string;
  gameId: string | null;
  sheet: CharacterSheet | null;
  attacks: SheetData['attacks'];
  enchantments: SheetData['enchantments'];
  vitals: TableVitals | null;
  gameName: string | null;
  imageBucketUrl: string | null;
  loadError: string | null;
  /** The image rule's refusal, or 'Erreur.' when the server did not take the new link. */
  imageError: string | null;
  /** The server's word on the last consumption, success or refusal. */
  shardFeedback: { ok: boolean; text: string } | null;
  /**
   * A change was told while a call was under way: the sheet is read again once the call ends.
   * Reading it at once would drop the call's answer, and the server tells of a change before it
   * answers the call that made it.
   */
  reloadDue: boolean;
}

/** The sheet's numbers before equipment: the stored statistics and each skill's bonus. */
export function baseNumbers(sheet: CharacterSheet): SheetNumbers {
  const stats = Object.fromEntries(STAT_NAMES.map((name) => [name, sheet[name]])) as Stats;
  const skills = Object.fromEntries(
    SKILL_NAMES.map((skill) => [skill, skillBonus(skill, stats, sheet.skills[skill] ?? 0)]),
  ) as Skills;
  return { stats, skills };
}

/** The memories the character wears, as the equipment rules read them. */
export const equippedOf = (sheet: CharacterSheet): EquippedMemory[] =>
  sheet.memories
    .filter((memory) => memory.equipped)
    .map(({ id, name, type, stat }) => ({ memoryId: id, name, type, stat }));

/**
 * The numbers the sheet shows, equipment included: the one reckoning of a skill's bonus for the
 * sheet and for the rolls the table's « Compétences » menu asks for.
 */
export const shownNumbers = (sheet: CharacterSheet): SheetNumbers =>
  withEquipment(baseNumbers(sheet), equippedOf(sheet));

const heldQuantity = (sheet: CharacterSheet | null, itemId: string) =>
  sheet?.items.find((item) => item.id === itemId)?.quantity ?? 0;

type EquipmentImplementations = Parameters<typeof equipmentMachine.provide>[0];

/**
 * The equipment of an open sheet, with the effects the page gives it: a stored change has the
 * sheet read again (the weapon's attacks).
 */
export function sheetEquipment(implementations: EquipmentImplementations = {}) {
  return equipmentMachine.provide({
    ...implementations,
    actions: {
      ...implementations.actions,
      'announce equipment change': sendParent({ type: 'sheet.reload' }),
    },
  });
}

/**
 * What the user asks of a sheet on screen: a new image link, Soul Shards to consume, a message
 * dismissed. Taken when nothing else is under way, and during a reload, which the call then
 * interrupts: `interruptsReload` reads the sheet again once the call has ended.
 */
function userRequests({ interruptsReload = false } = {}) {
  const noted = interruptsReload ? (['note reload due'] as const) : ([] as const);
  return {
    'image.change': [
      { guard: 'image link is refused', actions: 'refuse image link' },
      { target: 'savingImage', actions: [...noted, 'clear image error'] },
    ],
    'image.feedback.dismiss': { actions: 'clear image error' },
    'shard.consume': [
      { guard: 'quantity is not held', actions: 'refuse shard quantity' },
      { target: 'consumingShards', actions: [...noted, 'clear shard feedback'] },
    ],
    'shard.feedback.dismiss': { actions: 'clear shard feedback' },
  } as const;
}

/**
 * A character's sheet (table.md §2 "Character sheet"): read once it is asked for, read again when
 * something changes it elsewhere (`equipmentChange` for this character, through 'watch sheet
 * news'). The server decides who may read it (owner or the game's MJ) and its refusal is what the
 * page shows. While the sheet is on screen its equipment is the equipment machine, invoked with
 * what the character wears and told of every reload. The image link is checked against the rule
 * before it is sent; the server checks it again and any failure there reads 'Erreur.' (table.md §8).
 * Soul Shards are consumed on the server, which answers the sheet afterwards.
 */
export const characterSheetMachine = setup({
  types: {
    context: {} as CharacterSheetContext,
    events: {} as CharacterSheetEvent,
    input: {} as { playerId: string; gameId: string | null },
  },
  actors: {
    'load image bucket': unprovidedPromise<string>('load image bucket'),
    'load sheet': unprovidedPromise<SheetData, { playerId: string; gameId: string | null }>('load sheet'),
    'update image': unprovidedPromise<CharacterSheet, { playerId: string; assetLink: string | null }>(
      'update image',
    ),
    'consume shards': unprovidedPromise<ConsumeShardResponse, ConsumeShardRequest>('consume shards'),
    'watch sheet news': unprovidedEvents<
      Extract<CharacterSheetEvent, { type: 'sheet.reload' | 'vitals.changed' }>,
      { playerId: string }
    >('watch sheet news'),
    equipment: sheetEquipment(),
  },
  actions: {
    'note reload due': assign({ reloadDue: true }),
    'refuse image link': assign({ imageError: characterMessages.invalidImageLink }),
    'clear image error': assign({ imageError: null }),
    'refuse shard quantity': assign({
      shardFeedback: { ok: false, text: characterMessages.shardQuantityInvalid },
    }),
    'clear shard feedback': assign({ shardFeedback: null }),
    'keep sheet': assign({ sheet: (_, sheet: CharacterSheet) => sheet }),
    'keep sheet data': assign((_, { sheet, attacks, enchantments, vitals, gameName }: SheetData) => ({
      sheet,
      attacks,
      enchantments,
      vitals,
      gameName,
    })),
    'tell equipment': sendTo('equipment', (_, sheet: CharacterSheet) => ({
      type: 'equipment.reloaded' as const,
      equipped: equippedOf(sheet),
      base: baseNumbers(sheet),
    })),
  },
  guards: {
    'a reload is due': ({ context }) => context.reloadDue,
    'image link is refused': ({ context, event }) =>
      event.type === 'image.change' &&
      event.link.trim() !== '' &&
      !imageLinkAllowed(event.link, context.sheet?.name ?? '', context.imageBucketUrl),
    'quantity is not held': ({ context, event }) =>
      event.type === 'shard.consume' &&
      !(
        Number.isInteger(event.quantity) &&
        event.quantity >= 1 &&
        event.quantity <= heldQuantity(context.sheet, event.itemId)
      ),
  },
}).createMachine({
  id: 'characterSheet',
  context: ({ input }) => ({
    playerId: input.playerId,
    gameId: input.gameId,
    sheet: null,
    attacks: {},
    enchantments: {},
    vitals: null,
    gameName: null,
    imageBucketUrl: null,
    loadError: null,
    imageError: null,
    shardFeedback: null,
    reloadDue: false,
  }),
  invoke: [
    {
      id: 'imageBucket',
      src: 'load image bucket',
      onDone: { actions: assign({ imageBucketUrl: ({ event }) => event.output }) },
    },
    { id: 'news', src: 'watch sheet news', input: ({ context }) => ({ playerId: context.playerId }) },
  ],
  on: {
    'vitals.changed': { actions: assign({ vitals: ({ event }) => event.vitals }) },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'sheet',
        src: 'load sheet',
        input: ({ context }) => ({ playerId: context.playerId, gameId: context.gameId }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'keep sheet data', params: ({ event }) => event.output },
            assign({ loadError: null }),
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({ loadError: ({ event }) => failureText(event.error, sheetFailures.load) }),
        },
      },
    },
    failed: {
      on: { 'sheet.reload': 'loading' },
    },
    ready: {
      invoke: {
        id: 'equipment',
        src: 'equipment',
        input: ({ context }) => ({
          playerId: context.playerId,
          equipped: equippedOf(context.sheet!),
          base: baseNumbers(context.sheet!),
        }),
      },
      on: { 'sheet.reload': '.reloading' },
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'a reload is due', target: 'reloading' },
          on: userRequests(),
        },
        consumingShards: {
          tags: ['busy'],
          on: { 'sheet.reload': { actions: 'note reload due' } },
          invoke: {
            id: 'shards',
            src: 'consume shards',
            input: ({ context, event }) => ({
              destinationId: context.playerId,
              selectedObjectId: event.type === 'shard.consume' ? event.itemId : '',
              quantity: event.type === 'shard.consume' ? event.quantity : 0,
            }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'keep sheet', params: ({ event }) => event.output.sheet },
                assign({ shardFeedback: ({ event }) => ({ ok: true, text: event.output.message }) }),
              ],
            },
            onError: {
              target: 'idle',
              actions: assign({
                shardFeedback: ({ event }) => ({
                  ok: false,
                  text: failureText(event.error, sheetFailures.shard),
                }),
              }),
            },
          },
        },
        savingImage: {
          tags: ['busy'],
          on: { 'sheet.reload': { actions: 'note reload due' } },
          invoke: {
            id: 'image',
            src: 'update image',
            input: ({ context, event }) => {
              const link = event.type === 'image.change' ? event.link.trim() : '';
              return { playerId: context.playerId, assetLink: link === '' ? null : link };
            },
            onDone: { target: 'idle', actions: { type: 'keep sheet', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: assign({ imageError: characterMessages.imageUpdateFailed }) },
          },
        },
        /** The sheet stays on screen while it is read again. */
        reloading: {
          entry: assign({ reloadDue: false }),
          // A click here must not be lost: it runs now, and the sheet is read again once it ends.
          on: userRequests({ interruptsReload: true }),
          invoke: {
            id: 'sheetAgain',
            src: 'load sheet',
            input: ({ context }) => ({ playerId: context.playerId, gameId: context.gameId }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'keep sheet data', params: ({ event }) => event.output },
                { type: 'tell equipment', params: ({ event }) => event.output.sheet },
              ],
            },
            onError: {
              target: '#characterSheet.failed',
              actions: assign({ loadError: ({ event }) => failureText(event.error, sheetFailures.load) }),
            },
          },
        },
      },
    },
  },
});
