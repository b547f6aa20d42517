import { assign, setup } from 'xstate';
import type { CharacterSheet } from '../api/schemas/characters';
import { imageLinkAllowed } from '../domain/character/image-link';
import { characterMessages } from '../domain/character/messages';
import { failureText } from './failure-text';
import { unprovidedPromise } from './unprovided';

export const sheetFailures = {
  /** Shown when the server gives no text of its own. */
  load: 'Impossible de charger la fiche du personnage.',
} as const;

export type CharacterSheetEvent =
  | { type: 'image.change'; link: string }
  | { type: 'image.feedback.dismiss' }
  /** Something changed the sheet elsewhere (equipment, soul core): read it again. */
  | { type: 'sheet.reload' };

export interface CharacterSheetContext {
  playerId: string;
  gameId: string | null;
  sheet: CharacterSheet | null;
  imageBucketUrl: string | null;
  loadError: string | null;
  /** The image rule's refusal, or 'Erreur.' when the server did not take the new link. */
  imageError: string | null;
}

/**
 * A character's sheet (table.md §2 "Character sheet"): read once it is asked for, read again when
 * something changes it elsewhere. The server decides who may read it (owner or the game's MJ) and
 * its refusal is what the page shows. The image link is checked against the rule before it is
 * sent; the server checks it again and any failure there reads 'Erreur.' (table.md §8).
 */
export const characterSheetMachine = setup({
  types: {
    context: {} as CharacterSheetContext,
    events: {} as CharacterSheetEvent,
    input: {} as { playerId: string; gameId: string | null },
  },
  actors: {
    'load image bucket': unprovidedPromise<string>('load image bucket'),
    'load sheet': unprovidedPromise<CharacterSheet, { playerId: string; gameId: string | null }>(
      'load sheet',
    ),
    'update image': unprovidedPromise<CharacterSheet, { playerId: string; assetLink: string | null }>(
      'update image',
    ),
  },
  actions: {
    'keep sheet': assign({ sheet: (_, sheet: CharacterSheet) => sheet }),
  },
  guards: {
    'image link is refused': ({ context, event }) =>
      event.type === 'image.change' &&
      event.link.trim() !== '' &&
      !imageLinkAllowed(event.link, context.sheet?.name ?? '', context.imageBucketUrl),
  },
}).createMachine({
  id: 'characterSheet',
  context: ({ input }) => ({
    playerId: input.playerId,
    gameId: input.gameId,
    sheet: null,
    imageBucketUrl: null,
    loadError: null,
    imageError: null,
  }),
  invoke: {
    id: 'imageBucket',
    src: 'load image bucket',
    onDone: { actions: assign({ imageBucketUrl: ({ event }) => event.output }) },
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
          actions: [{ type: 'keep sheet', params: ({ event }) => event.output }, assign({ loadError: null })],
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
      on: { 'sheet.reload': '.reloading' },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'image.change': [
              {
                guard: 'image link is refused',
                actions: assign({ imageError: characterMessages.invalidImageLink }),
              },
              { target: 'savingImage', actions: assign({ imageError: null }) },
            ],
            'image.feedback.dismiss': { actions: assign({ imageError: null }) },
          },
        },
        savingImage: {
          tags: ['busy'],
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
          invoke: {
            id: 'sheetAgain',
            src: 'load sheet',
            input: ({ context }) => ({ playerId: context.playerId, gameId: context.gameId }),
            onDone: { target: 'idle', actions: { type: 'keep sheet', params: ({ event }) => event.output } },
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
