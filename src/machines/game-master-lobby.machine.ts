import { assign, setup } from 'xstate';
import type { GameData, GameSummary } from '../api/schemas/games';
import { deletionConfirmed } from '../domain/games';
import { failureText } from './failure-text';
import { unprovidedEvents, unprovidedPromise } from './unprovided';

/** platform.md §5 and §8: the texts of the game master's lobby. */
export const gameMasterLobbyTexts = {
  created: (id: string) => `Partie créée ! Code : ${id}`,
  createFailed: 'Erreur lors de la création de la partie',
  nameMismatch: 'Le nom de la partie ne correspond pas',
  deleteFailed: 'Erreur lors de la suppression',
  declined: (player: string, game: string) => `${player} a refusé votre invitation à «\u00a0${game}\u00a0».`,
} as const;

export interface LobbyNotice {
  /** 'info': news from elsewhere, neither the outcome of the MJ's own act nor a failure. */
  tone: 'success' | 'error' | 'info';
  text: string;
}

export type GameMasterLobbyEvent =
  | { type: 'lobby.reload' }
  /** The name typed at the prompt; empty (or cancelled) creates nothing. */
  | { type: 'game.create'; name: string }
  | { type: 'game.delete.ask'; gameId: string }
  | { type: 'game.delete.confirm'; typedName: string }
  | { type: 'game.delete.cancel' }
  | { type: 'game.join'; gameId: string }
  | { type: 'notice.dismiss' }
  /** gamePlayersUpdate from the server. */
  | { type: 'game.players.counted'; gameId: string; count: number }
  /** invitationDeclined from the server: a player said no to one of the MJ's invitations. */
  | { type: 'invitation.declined'; playerName: string; gameName: string };

export interface GameMasterLobbyContext {
  /** The MJ's user id, sent as playerId when joining their own table. */
  userId: string;
  games: GameSummary[];
  notice: LobbyNotice | null;
  /** The game whose deletion waits for its name to be typed. */
  doomed: GameSummary | null;
  deletionError: string | null;
  joining: string | null;
}

/**
 * The game master's side of the home screen (platform.md §2 "Game master view"): their games with
 * last connection and live player counts, creating one from a prompted name, deleting one only
 * once its name is typed exactly, and joining one after the spec's 2 s delay. A player declining
 * an invitation is told at once, whatever the lobby is doing.
 */
export const gameMasterLobbyMachine = setup({
  types: {
    context: {} as GameMasterLobbyContext,
    events: {} as GameMasterLobbyEvent,
    input: {} as { userId: string },
  },
  actors: {
    'load games': unprovidedPromise<GameSummary[]>('load games'),
    'create game': unprovidedPromise<GameData, { name: string }>('create game'),
    'delete game': unprovidedPromise<{ message: string }, { gameId: string }>('delete game'),
    /** gamePlayersUpdate and invitationDeclined, as this machine's events. */
    'watch server news': unprovidedEvents<GameMasterLobbyEvent>('watch server news'),
  },
  actions: {
    'set games': assign({ games: (_, games: GameSummary[]) => games }),
    'set count': assign({
      games: ({ context }, { gameId, count }: { gameId: string; count: number }) =>
        context.games.map((game) => (game.id === gameId ? { ...game, connectedPlayersCount: count } : game)),
    }),
    'show notice': assign({ notice: (_, notice: LobbyNotice) => notice }),
    'dismiss notice': assign({ notice: null }),
    'doom game': assign({
      doomed: ({ context }, gameId: string) => context.games.find((game) => game.id === gameId) ?? null,
      deletionError: null,
    }),
    'spare game': assign({ doomed: null, deletionError: null }),
    'refuse deletion': assign({ deletionError: (_, text: string) => text }),
    'remember join': assign({ joining: (_, gameId: string) => gameId }),
    'forget join': assign({ joining: null }),
    /** Goes to /game?gameId=…&playerId=…. */
    'open game': (_, _target: { gameId: string; playerId: string }) => {},
  },
  guards: {
    'name is blank': ({ event }) => event.type === 'game.create' && event.name.trim() === '',
    'typed name matches': ({ context, event }) =>
      event.type === 'game.delete.confirm' &&
      context.doomed !== null &&
      deletionConfirmed(event.typedName, context.doomed.name),
    'game is listed': ({ context, event }) =>
      'gameId' in event && context.games.some((game) => game.id === event.gameId),
  },
  delays: {
    /** platform.md §9: redirect delay after joining. */
    joinRedirect: 2000,
  },
}).createMachine({
  id: 'gameMasterLobby',
  context: ({ input }) => ({
    userId: input.userId,
    games: [],
    notice: null,
    doomed: null,
    deletionError: null,
    joining: null,
  }),
  invoke: { id: 'news', src: 'watch server news' },
  on: {
    'game.players.counted': {
      actions: { type: 'set count', params: ({ event }) => event },
    },
    'notice.dismiss': { actions: 'dismiss notice' },
    'invitation.declined': {
      actions: {
        type: 'show notice',
        params: ({ event }) => ({
          tone: 'info',
          text: gameMasterLobbyTexts.declined(event.playerName, event.gameName),
        }),
      },
    },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'games',
        src: 'load games',
        onDone: { target: 'ready', actions: { type: 'set games', params: ({ event }) => event.output } },
        // platform.md §8: a failed list load shows an empty list.
        onError: { target: 'ready', actions: { type: 'set games', params: [] } },
      },
    },
    ready: {
      on: {
        'lobby.reload': { target: 'loading' },
        'game.create': [{ guard: 'name is blank' }, { target: 'creating', actions: 'dismiss notice' }],
        'game.delete.ask': {
          guard: 'game is listed',
          target: 'confirmingDeletion',
          actions: { type: 'doom game', params: ({ event }) => event.gameId },
        },
        'game.join': {
          guard: 'game is listed',
          target: 'joining',
          actions: { type: 'remember join', params: ({ event }) => event.gameId },
        },
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'creation',
        src: 'create game',
        input: ({ event }) => ({ name: event.type === 'game.create' ? event.name.trim() : '' }),
        onDone: {
          target: 'loading',
          actions: {
            type: 'show notice',
            params: ({ event }) => ({ tone: 'success', text: gameMasterLobbyTexts.created(event.output.id) }),
          },
        },
        onError: {
          target: 'ready',
          actions: {
            type: 'show notice',
            params: ({ event }) => ({
              tone: 'error',
              text: failureText(event.error, gameMasterLobbyTexts.createFailed),
            }),
          },
        },
      },
    },
    /** The deletion modal: the game's name must be typed exactly. */
    confirmingDeletion: {
      on: {
        'game.delete.confirm': [
          { guard: 'typed name matches', target: 'deleting' },
          { actions: { type: 'refuse deletion', params: gameMasterLobbyTexts.nameMismatch } },
        ],
        'game.delete.cancel': { target: 'ready', actions: 'spare game' },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deletion',
        src: 'delete game',
        input: ({ context }) => ({ gameId: context.doomed?.id ?? '' }),
        onDone: {
          target: 'loading',
          actions: [
            'spare game',
            { type: 'show notice', params: ({ event }) => ({ tone: 'success', text: event.output.message }) },
          ],
        },
        onError: {
          target: 'confirmingDeletion',
          actions: {
            type: 'refuse deletion',
            params: ({ event }) => failureText(event.error, gameMasterLobbyTexts.deleteFailed),
          },
        },
      },
    },
    /** The spec's 2 s before the table opens. */
    joining: {
      after: {
        joinRedirect: {
          target: 'ready',
          actions: [
            {
              type: 'open game',
              params: ({ context }) => ({ gameId: context.joining ?? '', playerId: context.userId }),
            },
            'forget join',
          ],
        },
      },
    },
  },
});
