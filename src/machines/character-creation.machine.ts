import { assign, setup } from 'xstate';
import type { CreateCharacterRequest } from '../api/schemas/characters';
import type { CombatCapacity } from '../domain/character/combat-boosts';
import {
  allocationRefusals,
  buildCharacter,
  lowerSkill,
  lowerStat,
  raiseSkill,
  raiseStat,
  startingAllocation,
  toggleBoost,
  type Allocation,
} from '../domain/character/creation';
import { characterMessages } from '../domain/character/messages';
import type { SkillName } from '../domain/character/skills';
import type { StatName } from '../domain/character/stats';
import { failureText } from './failure-text';
import { unprovidedPromise } from './unprovided';

export type CharacterCreationEvent =
  | { type: 'stat.raise'; stat: StatName }
  | { type: 'stat.lower'; stat: StatName }
  | { type: 'boost.toggle'; capacity: CombatCapacity }
  | { type: 'skill.raise'; skill: SkillName }
  | { type: 'skill.lower'; skill: SkillName }
  | { type: 'name.change'; name: string }
  | { type: 'image.change'; link: string }
  | { type: 'character.save' };

export interface CreationFailure {
  /** table.md §8: 'Erreur lors de la création du joueur'. */
  text: string;
  /** The server's own reason, when it gave one (a game the player has left, say). */
  detail: string | null;
}

export interface CharacterCreationContext {
  /** The game the character is created for, from `/creation?gameId=…`; null outside any game. */
  gameId: string | null;
  allocation: Allocation;
  /** The image bucket (`GET /config`); until it is known no image link can be accepted. */
  imageBucketUrl: string | null;
  /** Every reason the last save was refused before any call (table.md §5), in the spec's order. */
  refusals: string[];
  failure: CreationFailure | null;
  createdId: string | null;
}

const changed = (allocation: Allocation) => ({ allocation, refusals: [], failure: null });

/**
 * Building a character from point budgets (table.md §4 "Character creation"). Every spend and
 * refund goes through the rules of src/domain/character, which never let a budget go below zero;
 * saving is refused with every one of the spec's messages that applies until the name is right and every budget is spent.
 * The server recomputes the sheet, so a refusal from it ends back here with the spec's failure.
 * After 'Joueur créé avec succès' the player is taken to the game the character was made for,
 * or home — after a pause long enough to read the success.
 */
export const characterCreationMachine = setup({
  types: {
    context: {} as CharacterCreationContext,
    events: {} as CharacterCreationEvent,
    input: {} as { gameId: string | null },
  },
  actors: {
    'load image bucket': unprovidedPromise<string>('load image bucket'),
    'create character': unprovidedPromise<{ id: string }, CreateCharacterRequest>('create character'),
  },
  actions: {
    'go to game': (_, _params: { gameId: string; playerId: string }) => {},
    'go home': () => {},
    'show refusal': assign({
      refusals: ({ context }) => allocationRefusals(context.allocation, context.imageBucketUrl),
      failure: null,
    }),
    'show failure': assign({
      failure: (_, { error }: { error: unknown }) => {
        const detail = failureText(error, '');
        return { text: characterMessages.creationFailed, detail: detail === '' ? null : detail };
      },
    }),
  },
  guards: {
    'allocation is refused': ({ context }) =>
      allocationRefusals(context.allocation, context.imageBucketUrl).length > 0,
    'was made for a game': ({ context }) => context.gameId !== null,
  },
  delays: {
    /** Time to read 'Joueur créé avec succès' before leaving the page. */
    successPause: 1500,
  },
}).createMachine({
  id: 'characterCreation',
  context: ({ input }) => ({
    gameId: input.gameId,
    allocation: startingAllocation(),
    imageBucketUrl: null,
    refusals: [],
    failure: null,
    createdId: null,
  }),
  invoke: {
    id: 'imageBucket',
    src: 'load image bucket',
    onDone: { actions: assign({ imageBucketUrl: ({ event }) => event.output }) },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'stat.raise': {
          actions: assign(({ context, event }) => changed(raiseStat(context.allocation, event.stat))),
        },
        'stat.lower': {
          actions: assign(({ context, event }) => changed(lowerStat(context.allocation, event.stat))),
        },
        'boost.toggle': {
          actions: assign(({ context, event }) => changed(toggleBoost(context.allocation, event.capacity))),
        },
        'skill.raise': {
          actions: assign(({ context, event }) => changed(raiseSkill(context.allocation, event.skill))),
        },
        'skill.lower': {
          actions: assign(({ context, event }) => changed(lowerSkill(context.allocation, event.skill))),
        },
        'name.change': {
          actions: assign(({ context, event }) => changed({ ...context.allocation, name: event.name })),
        },
        'image.change': {
          actions: assign(({ context, event }) => changed({ ...context.allocation, assetLink: event.link })),
        },
        'character.save': [
          { guard: 'allocation is refused', actions: 'show refusal' },
          { target: 'saving', actions: assign({ refusals: [], failure: null }) },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saving',
        src: 'create character',
        input: ({ context }) => {
          const { assetLink, ...character } = buildCharacter(context.allocation);
          return {
            ...character,
            ...(assetLink === null ? {} : { assetLink }),
            ...(context.gameId === null ? {} : { gameId: context.gameId }),
          };
        },
        onDone: { target: 'created', actions: assign({ createdId: ({ event }) => event.output.id }) },
        onError: {
          target: 'editing',
          actions: { type: 'show failure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    created: {
      tags: ['busy'],
      after: {
        successPause: [
          {
            guard: 'was made for a game',
            target: 'left',
            actions: {
              type: 'go to game',
              params: ({ context }) => ({ gameId: context.gameId ?? '', playerId: context.createdId ?? '' }),
            },
          },
          { target: 'left', actions: 'go home' },
        ],
      },
    },
    left: { type: 'final' },
  },
});
