import { assign, setup } from 'xstate';
import type { GameSummary } from '../api/schemas/games';
import { failureText } from './failure-text';
import { gameAdminTexts, inviteFailure } from './game-admin.machine';
import { unprovidedPromise } from './unprovided';

/** platform.md §8 "Inviting a game player", and the failure to list one's games. */
export const chatInviteTexts = {
  sent: gameAdminTexts.sent,
  loadFailed: 'Impossible de charger vos parties',
} as const;

/** platform.md §9: the chat's data is reloaded 2 s after an invitation went out. */
export const RELOAD_AFTER_INVITE_MS = 2000;

export type ChatGameInviteEvent =
  { type: 'invite.open' } | { type: 'invite.pick'; gameId: string } | { type: 'invite.cancel' };

export interface ChatGameInviteContext {
  friendId: string;
  /** The signed-in user's games, where they are the MJ. */
  games: GameSummary[];
  failure: string | null;
}

/**
 * The chat window's « Inviter dans une partie » action (platform.md §2 "Chat window"): list the
 * signed-in user's games, invite the friend into the one picked — the same call and the same
 * failure texts as the game admin modal's invitations, so the rule is written once — then
 * reload the chat after 2 s. Cancelling at any point but the sending goes back to the button.
 */
export const chatGameInviteMachine = setup({
  types: {
    context: {} as ChatGameInviteContext,
    events: {} as ChatGameInviteEvent,
    input: {} as { friendId: string },
  },
  actors: {
    'load my games': unprovidedPromise<GameSummary[]>('load my games'),
    'invite player': unprovidedPromise<void, { gameId: string; playerId: string }>('invite player'),
  },
  actions: {
    /** The chat window's own reload: the chat provides it. */
    'reload the chat': () => {},
    'keep games': assign({ games: (_, games: GameSummary[]) => games }),
    'show failure': assign({ failure: (_, text: string) => text }),
    'forget failure': assign({ failure: null }),
  },
  guards: {
    'there are no games': (_, games: GameSummary[]) => games.length === 0,
  },
  delays: { reloadAfterInvite: RELOAD_AFTER_INVITE_MS },
}).createMachine({
  id: 'chatGameInvite',
  context: ({ input }) => ({ friendId: input.friendId, games: [], failure: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'invite.open': { target: 'loadingGames', actions: 'forget failure' } },
    },
    loadingGames: {
      tags: ['busy'],
      on: { 'invite.cancel': 'idle' },
      invoke: {
        id: 'games',
        src: 'load my games',
        onDone: [
          {
            guard: { type: 'there are no games', params: ({ event }) => event.output },
            target: 'noGames',
            actions: { type: 'keep games', params: ({ event }) => event.output },
          },
          { target: 'choosing', actions: { type: 'keep games', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'failed',
          actions: {
            type: 'show failure',
            params: ({ event }) => failureText(event.error, chatInviteTexts.loadFailed),
          },
        },
      },
    },
    /** Nothing to invite into: says so until cancelled. */
    noGames: { on: { 'invite.cancel': 'idle' } },
    choosing: {
      on: {
        'invite.pick': 'sending',
        'invite.cancel': 'idle',
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'invite',
        src: 'invite player',
        input: ({ context, event }) => ({
          gameId: event.type === 'invite.pick' ? event.gameId : '',
          playerId: context.friendId,
        }),
        onDone: 'sent',
        onError: {
          target: 'failed',
          actions: { type: 'show failure', params: ({ event }) => inviteFailure(event.error) },
        },
      },
    },
    sent: {
      after: { reloadAfterInvite: { target: 'idle', actions: 'reload the chat' } },
    },
    /** The failure stays shown; the user may try again or close it. */
    failed: {
      on: {
        'invite.open': { target: 'loadingGames', actions: 'forget failure' },
        'invite.cancel': { target: 'idle', actions: 'forget failure' },
      },
    },
  },
});
