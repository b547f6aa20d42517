import { assign, setup } from 'xstate';
import type { ConnectedUser, GameData } from '../api/schemas/games';
import { failureText } from './failure-text';
import { unprovidedEvents, unprovidedPromise } from './unprovided';

export const gameScreenTexts = {
  loadFailed: 'Impossible de charger la partie.',
  invitationAccepted: 'Invitation acceptée ! Vous avez rejoint la partie.',
  invitationFailed: (message: string) => `Erreur lors de l'acceptation de l'invitation : ${message}`,
  noGame: 'Aucune partie sélectionnée',
  ended: {
    kicked: 'Vous avez été expulsé de la partie.',
    left: 'Vous avez quitté la partie.',
    deleted: 'Cette partie a été supprimée.',
  },
} as const;

export type GameScreenEvent =
  /** The back button. */
  | { type: 'table.leave' }
  /** connectedPlayersUpdate for this game. */
  | { type: 'table.players.updated'; players: ConnectedUser[] }
  /** gameAccessEnded for this game. */
  | { type: 'table.access.ended'; reason: 'kicked' | 'left' | 'deleted' }
  /** The socket came back: its rooms were lost with the old connection. */
  | { type: 'socket.connected' };

export interface GameScreenContext {
  gameId: string;
  playerId: string;
  playerName: string;
  game: GameData | null;
  players: ConnectedUser[];
  /** Why the user cannot stay (refusal, kick, deletion), shown before going home. */
  refusal: string | null;
  /** The invitation of the address (`invite`), accepted before the game loads. */
  invite: string | null;
  /** How the invitation went, shown above the table. */
  notice: { tone: 'success' | 'error'; text: string } | null;
}

/**
 * The game's page (/game?gameId=…&playerId=…), the table's entrance: it accepts the invitation of
 * an invite link first (so the invitee is a member when the game loads) and strips it from the
 * address, loads the game (members only: anyone else reads the refusal and goes home), takes a seat after the table's 1 s join
 * delay, follows who else is seated, and leaves the seat on the way out — by the back button, or
 * because the MJ kicked the player or deleted the game. The table itself grows from here.
 */
export const gameScreenMachine = setup({
  types: {
    context: {} as GameScreenContext,
    events: {} as GameScreenEvent,
    input: {} as { gameId: string; playerId: string; playerName: string; invite?: string | null },
  },
  actors: {
    'accept invitation': unprovidedPromise<void, { invitationId: string }>('accept invitation'),
    'load game': unprovidedPromise<GameData, { gameId: string }>('load game'),
    /** connectedPlayersUpdate and gameAccessEnded of this game, and socket reconnections. */
    'watch table news': unprovidedEvents<GameScreenEvent, { gameId: string }>('watch table news'),
  },
  actions: {
    /** platform.md §7: the client names its player before joining; the server keeps it as information only. */
    'emit playerConnected': (_, _payload: { id: string; name: string }) => {},
    'emit joinGame': (_, _payload: { gameId: string; playerId: string; playerName: string }) => {},
    'emit leaveGame': (_, _payload: { gameId: string }) => {},
    'go home': () => {},
    /** The invite parameter is used once: a reload must not accept it again. */
    'strip invite from address': () => {},
    'show notice': assign({
      notice: (_, notice: { tone: 'success' | 'error'; text: string }) => notice,
    }),
    'set game': assign({ game: (_, game: GameData) => game }),
    'set players': assign({ players: (_, players: ConnectedUser[]) => players }),
    'refuse with': assign({ refusal: (_, text: string) => text }),
  },
  guards: {
    'no game was given': ({ context }) => context.gameId === '',
    'an invitation was given': ({ context }) => context.invite !== null && context.invite !== '',
  },
  delays: {
    /** table.md §9: join delay. */
    joinDelay: 1000,
    /** platform.md §9: redirect delay. */
    homeRedirect: 2000,
  },
}).createMachine({
  id: 'gameScreen',
  context: ({ input }) => ({
    gameId: input.gameId,
    playerId: input.playerId,
    playerName: input.playerName,
    invite: input.invite ?? null,
    game: null,
    players: [],
    refusal: null,
    notice: null,
  }),
  invoke: { id: 'news', src: 'watch table news', input: ({ context }) => ({ gameId: context.gameId }) },
  initial: 'starting',
  states: {
    starting: {
      always: [
        {
          guard: 'no game was given',
          target: 'refused',
          actions: { type: 'refuse with', params: gameScreenTexts.noGame },
        },
        { guard: 'an invitation was given', target: 'acceptingInvitation' },
        { target: 'loading' },
      ],
    },
    acceptingInvitation: {
      invoke: {
        id: 'invitation',
        src: 'accept invitation',
        input: ({ context }) => ({ invitationId: context.invite ?? '' }),
        onDone: {
          target: 'loading',
          actions: [
            'strip invite from address',
            { type: 'show notice', params: { tone: 'success', text: gameScreenTexts.invitationAccepted } },
          ],
        },
        onError: {
          target: 'loading',
          actions: [
            'strip invite from address',
            {
              type: 'show notice',
              params: ({ event }) => ({
                tone: 'error',
                text: gameScreenTexts.invitationFailed(
                  failureText(event.error, event.error instanceof Error ? event.error.message : ''),
                ),
              }),
            },
          ],
        },
      },
    },
    loading: {
      invoke: {
        id: 'game',
        src: 'load game',
        input: ({ context }) => ({ gameId: context.gameId }),
        onDone: { target: 'entering', actions: { type: 'set game', params: ({ event }) => event.output } },
        onError: {
          target: 'refused',
          actions: {
            type: 'refuse with',
            params: ({ event }) => failureText(event.error, gameScreenTexts.loadFailed),
          },
        },
      },
    },
    /** The table's join delay before the seat is taken. */
    entering: {
      after: { joinDelay: { target: 'seated' } },
      on: { 'table.leave': { target: 'left', actions: 'go home' } },
    },
    seated: {
      entry: [
        {
          type: 'emit playerConnected',
          params: ({ context }) => ({ id: context.playerId, name: context.playerName }),
        },
        {
          type: 'emit joinGame',
          params: ({ context }) => ({
            gameId: context.gameId,
            playerId: context.playerId,
            playerName: context.playerName,
          }),
        },
      ],
      on: {
        'socket.connected': { target: 'seated', reenter: true },
        'table.players.updated': { actions: { type: 'set players', params: ({ event }) => event.players } },
        'table.leave': {
          target: 'left',
          actions: [
            { type: 'emit leaveGame', params: ({ context }) => ({ gameId: context.gameId }) },
            'go home',
          ],
        },
        'table.access.ended': {
          target: 'refused',
          actions: [
            { type: 'set players', params: [] },
            { type: 'refuse with', params: ({ event }) => gameScreenTexts.ended[event.reason] },
          ],
        },
      },
    },
    /** The reason is on screen; home follows. */
    refused: {
      after: { homeRedirect: { target: 'left', actions: 'go home' } },
    },
    left: { type: 'final' },
  },
});
