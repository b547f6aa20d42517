import { assign, enqueueActions, setup, type ActorRefFrom } from 'xstate';
import type {
  GameInvitation,
  InvitationMoveResponse,
  InviteCandidate,
} from '../api/schemas/game-invitations';
import { SEARCH_MIN } from '../domain/account';
import { gameMessages } from '../domain/games';
import { gameInvitationMachine, type InvitationChanged } from './game-invitation.machine';
import { failureText } from './failure-text';
import { unprovidedEvents, unprovidedPromise } from './unprovided';

/** platform.md §5 and §8 "Inviting a game player". */
export const gameAdminTexts = {
  searchTooShort: 'Tapez au moins 2 caractères pour rechercher',
  sent: 'Invitation envoyée avec succès !',
  alreadyPending: 'Ce joueur a déjà reçu une invitation pour cette partie. Veuillez attendre sa réponse.',
  sendFailed: (detail: string) => `Erreur lors de l'envoi de l'invitation : ${detail}`,
  forbidden: "Vous n'êtes pas autorisé à inviter des joueurs dans cette partie.",
  gameNotFound: 'Partie non trouvée.',
  playerNotFound: gameMessages.playerNotFound,
  searchFailed: 'La recherche a échoué',
} as const;

export interface AdminFeedback {
  tone: 'success' | 'error';
  text: string;
}

export type GameAdminEvent =
  | { type: 'search.typed'; query: string }
  | { type: 'player.invite'; playerId: string }
  /** invitationUpdated from the server. */
  | { type: 'invitation.updated'; invitation: GameInvitation }
  | InvitationChanged;

type InvitationRef = ActorRefFrom<typeof gameInvitationMachine>;

export interface GameAdminContext {
  gameId: string;
  query: string;
  candidates: InviteCandidate[];
  /** Pending and accepted invitations of the game, each its own actor (revoke, kick). */
  invitations: Array<{ id: string; status: GameInvitation['status']; ref: InvitationRef }>;
  feedback: AdminFeedback | null;
}

const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;

/** platform.md §8: the invitation's failure text depends on the status and, for 400, on the reason. */
export function inviteFailure(error: unknown): string {
  const serverText = failureText(error, '');
  switch (statusOf(error)) {
    case 400:
      return serverText.includes('déjà en attente')
        ? gameAdminTexts.alreadyPending
        : gameAdminTexts.sendFailed(serverText);
    case 403:
      return gameAdminTexts.forbidden;
    case 404:
      // The server names which of the two is missing; every other 404 reads as the spec's.
      return serverText === gameAdminTexts.playerNotFound
        ? gameAdminTexts.playerNotFound
        : gameAdminTexts.gameNotFound;
    default:
      return gameAdminTexts.sendFailed(serverText || 'erreur inconnue');
  }
}

const isOpen = (invitation: GameInvitation) =>
  invitation.status === 'pending' || invitation.status === 'accepted';

/**
 * The game admin modal of one game (platform.md §2 "Modals"): find a player by name (300 ms after
 * the last key, from 2 characters), invite them, and follow the game's invitations — pending ones
 * the MJ may revoke, accepted ones (the players) the MJ may kick, each through its own actor.
 */
export const gameAdminMachine = setup({
  types: {
    context: {} as GameAdminContext,
    events: {} as GameAdminEvent,
    input: {} as { gameId: string },
  },
  actors: {
    'load invitations': unprovidedPromise<GameInvitation[], { gameId: string }>('load invitations'),
    'search players': unprovidedPromise<InviteCandidate[], { gameId: string; query: string }>(
      'search players',
    ),
    'invite player': unprovidedPromise<InvitationMoveResponse, { gameId: string; playerId: string }>(
      'invite player',
    ),
    invitation: gameInvitationMachine,
    /** invitationUpdated, as this machine's events. */
    'watch server news': unprovidedEvents<GameAdminEvent>('watch server news'),
  },
  actions: {
    'remember query': assign({ query: (_, query: string) => query }),
    'set candidates': assign({ candidates: (_, candidates: InviteCandidate[]) => candidates }),
    /** A player found stays listed once invited, with where their invitation stands. */
    'follow candidate': assign({
      candidates: ({ context }, invitation: GameInvitation) =>
        context.candidates.map((candidate) =>
          candidate.id === invitation.toUserId
            ? {
                ...candidate,
                invitation:
                  invitation.status === 'pending' || invitation.status === 'accepted'
                    ? invitation.status
                    : null,
              }
            : candidate,
        ),
    }),
    'show feedback': assign({ feedback: (_, feedback: AdminFeedback | null) => feedback }),
    'clear feedback': assign({ feedback: null }),
    'adopt invitations': enqueueActions(({ context, enqueue }, all: GameInvitation[]) => {
      const invitations = all.filter(isOpen);
      const listed = new Set(invitations.map((invitation) => invitation.id));
      for (const kept of context.invitations) {
        if (!listed.has(kept.id)) enqueue.stopChild(kept.ref);
      }
      for (const invitation of invitations) {
        const kept = context.invitations.find((entry) => entry.id === invitation.id);
        if (kept) enqueue.sendTo(kept.ref, { type: 'invitation.updated', invitation });
      }
      enqueue.assign({
        invitations: ({ context: current, spawn }) =>
          invitations.map((invitation) => ({
            id: invitation.id,
            status: invitation.status,
            ref:
              current.invitations.find((entry) => entry.id === invitation.id)?.ref ??
              spawn('invitation', {
                id: `invitation-${invitation.id}`,
                input: { invitation, side: 'gameMaster' },
              }),
          })),
      });
    }),
  },
  guards: {
    'query is empty': ({ event }) => event.type === 'search.typed' && event.query.trim() === '',
    'query is too short': ({ event }) =>
      event.type === 'search.typed' && event.query.trim().length < SEARCH_MIN,
    'concerns this game': ({ context, event }) =>
      (event.type === 'invitation.updated' || event.type === 'invitation.changed') &&
      event.invitation.gameId === context.gameId,
  },
  delays: {
    /** platform.md §9: invite search debounce. */
    searchDebounce: 300,
  },
}).createMachine({
  id: 'gameAdmin',
  context: ({ input }) => ({
    gameId: input.gameId,
    query: '',
    candidates: [],
    invitations: [],
    feedback: null,
  }),
  invoke: { id: 'news', src: 'watch server news' },
  type: 'parallel',
  states: {
    invitations: {
      initial: 'loading',
      on: {
        'invitation.updated': {
          guard: 'concerns this game',
          target: '.loading',
          actions: { type: 'follow candidate', params: ({ event }) => event.invitation },
        },
        'invitation.changed': {
          guard: 'concerns this game',
          target: '.loading',
          actions: [
            { type: 'show feedback', params: ({ event }) => event.feedback },
            { type: 'follow candidate', params: ({ event }) => event.invitation },
          ],
        },
      },
      states: {
        loading: {
          invoke: {
            id: 'invitations',
            src: 'load invitations',
            input: ({ context }) => ({ gameId: context.gameId }),
            onDone: {
              target: 'ready',
              actions: { type: 'adopt invitations', params: ({ event }) => event.output },
            },
            onError: { target: 'ready', actions: { type: 'adopt invitations', params: [] } },
          },
        },
        ready: {},
      },
    },
    search: {
      initial: 'idle',
      on: {
        'search.typed': [
          {
            guard: 'query is empty',
            target: '.idle',
            actions: [
              { type: 'remember query', params: '' },
              { type: 'set candidates', params: [] },
            ],
          },
          {
            guard: 'query is too short',
            target: '.tooShort',
            actions: [
              { type: 'remember query', params: ({ event }) => event.query },
              { type: 'set candidates', params: [] },
            ],
          },
          // Re-entering restarts the debounce.
          {
            target: '.debouncing',
            reenter: true,
            actions: { type: 'remember query', params: ({ event }) => event.query.trim() },
          },
        ],
      },
      states: {
        idle: {},
        tooShort: {},
        debouncing: {
          after: { searchDebounce: { target: 'searching' } },
        },
        searching: {
          invoke: {
            id: 'search',
            src: 'search players',
            input: ({ context }) => ({ gameId: context.gameId, query: context.query }),
            onDone: {
              target: 'results',
              actions: { type: 'set candidates', params: ({ event }) => event.output },
            },
            onError: { target: 'failed', actions: { type: 'set candidates', params: [] } },
          },
        },
        results: {},
        failed: {},
      },
    },
    inviting: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'player.invite': { target: 'sending', actions: 'clear feedback' },
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'invite',
            src: 'invite player',
            input: ({ context, event }) => ({
              gameId: context.gameId,
              playerId: event.type === 'player.invite' ? event.playerId : '',
            }),
            // The sent list reloads at once, without waiting for the server's news.
            onDone: {
              target: ['#gameAdmin.inviting.idle', '#gameAdmin.invitations.loading'],
              actions: [
                { type: 'show feedback', params: { tone: 'success', text: gameAdminTexts.sent } },
                { type: 'follow candidate', params: ({ event }) => event.output.invitation },
              ],
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'show feedback',
                params: ({ event }) => ({ tone: 'error', text: inviteFailure(event.error) }),
              },
            },
          },
        },
      },
    },
  },
});
