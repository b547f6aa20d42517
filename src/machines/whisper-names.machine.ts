import { assign, setup } from 'xstate';
import { completedWhisper, whisperNameQuery, whisperNamesOffered } from '../domain/table/chat-audience';
import { unprovidedPromise } from './unprovided';

export interface WhisperNamesInput {
  gameId: string;
}

export interface WhisperNamesContext extends WhisperNamesInput {
  /** The game's characters, as the server reads them for a whisper; none until read (« MJ » alone). */
  characterNames: string[];
  draft: string;
  /** The names offered for the draft, while the list is open. */
  offered: string[];
  /** The offered name the arrows stand on. */
  active: number;
}

export type WhisperNamesEvent =
  /** The chat's draft, as it changed. */
  | { type: 'draft.changed'; text: string }
  | { type: 'names.next' }
  | { type: 'names.previous' }
  /** Tab, Enter or a tap: the draft completed with this name (the active one when absent). */
  | { type: 'names.choose'; index?: number }
  /** Escape: the list closes until the draft changes again. */
  | { type: 'names.close' };

/** What the chat hears of a name chosen: its draft, completed. */
export interface WhisperCompleted {
  type: 'chat.draft.change';
  text: string;
}

const offeredFor = (text: string, characterNames: readonly string[]): string[] => {
  const query = whisperNameQuery(text);
  return query === null ? [] : whisperNamesOffered(query, characterNames);
};

const cycle = (context: WhisperNamesContext, step: number) =>
  (context.active + step + context.offered.length) % context.offered.length;

/**
 * The names offered while `/w` is typed in the game chat (decision 0021): the game's characters
 * the server accepts, read once as the chat opens, and « MJ ». The list opens as soon as the
 * draft begins a whisper's name that some name begins as, follows each keystroke, and closes with
 * Escape, a name chosen, or nothing left to offer. A chosen name goes to the chat as its draft,
 * completed (`"Nom composé"` quoted, as the parser reads it). Without the characters (still being
 * read, or unreadable), « MJ » alone is offered.
 */
export const whisperNamesMachine = setup({
  types: {
    context: {} as WhisperNamesContext,
    events: {} as WhisperNamesEvent,
    input: {} as WhisperNamesInput,
  },
  actors: {
    /** The names of the game's characters. */
    'load character names': unprovidedPromise<string[], { gameId: string }>('load character names'),
  },
  actions: {
    'keep draft': assign({ draft: (_, text: string) => text }),
    'offer names': assign({
      draft: (_, text: string) => text,
      offered: ({ context }, text: string) => offeredFor(text, context.characterNames),
      active: 0,
    }),
    'forget names': assign({ offered: [], active: 0 }),
    'move down': assign({ active: ({ context }) => cycle(context, 1) }),
    'move up': assign({ active: ({ context }) => cycle(context, -1) }),
    /** Provided by the chat: the draft, completed, becomes its own. */
    'complete draft': (_, _completed: WhisperCompleted) => {},
  },
  guards: {
    'names are offered for it': ({ context }, text: string) =>
      offeredFor(text, context.characterNames).length > 0,
    'a name is offered there': ({ context }, index: number | undefined) =>
      context.offered[index ?? context.active] !== undefined,
  },
}).createMachine({
  id: 'whisperNames',
  context: ({ input }) => ({ ...input, characterNames: [], draft: '', offered: [], active: 0 }),
  initial: 'reading',
  states: {
    reading: {
      invoke: {
        id: 'characterNames',
        src: 'load character names',
        input: ({ context }) => ({ gameId: context.gameId }),
        onDone: { target: 'closed', actions: assign({ characterNames: ({ event }) => event.output }) },
        onError: 'closed',
      },
      on: { 'draft.changed': { actions: { type: 'keep draft', params: ({ event }) => event.text } } },
    },
    closed: {
      on: {
        'draft.changed': [
          {
            guard: { type: 'names are offered for it', params: ({ event }) => event.text },
            target: 'open',
            actions: { type: 'offer names', params: ({ event }) => event.text },
          },
          { actions: { type: 'keep draft', params: ({ event }) => event.text } },
        ],
      },
    },
    open: {
      on: {
        'draft.changed': [
          {
            guard: { type: 'names are offered for it', params: ({ event }) => event.text },
            actions: { type: 'offer names', params: ({ event }) => event.text },
          },
          {
            target: 'closed',
            actions: [{ type: 'keep draft', params: ({ event }) => event.text }, 'forget names'],
          },
        ],
        'names.next': { actions: 'move down' },
        'names.previous': { actions: 'move up' },
        'names.choose': {
          guard: { type: 'a name is offered there', params: ({ event }) => event.index },
          target: 'closed',
          actions: [
            {
              type: 'complete draft',
              params: ({ context, event }) => ({
                type: 'chat.draft.change',
                text: completedWhisper(context.draft, context.offered[event.index ?? context.active] ?? ''),
              }),
            },
            'forget names',
          ],
        },
        'names.close': { target: 'closed', actions: 'forget names' },
      },
    },
  },
});
