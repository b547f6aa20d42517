import { assign, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { GameInvitation } from '../api/schemas/game-invitations';
import { failureText } from './failure-text';
import { unprovidedPromise } from './unprovided';

/** Which side of the invitation the viewer is on. */
export type InvitationSide = 'invitee' | 'gameMaster';

/** platform.md §8 and table.md §8: what each move says when it works or fails. */
export const invitationTexts = {
  accepted: 'Invitation acceptée ! Vous avez rejoint la partie.',
  acceptFailed: "Erreur lors de l'acceptation de l'invitation",
  declineFailed: "Erreur lors du refus de l'invitation",
  revoked: 'Invitation révoquée avec succès !',
  revokeForbidden: "Vous n'êtes pas autorisé à révoquer cette invitation.",
  revokeNotFound: 'Invitation non trouvée ou déjà traitée.',
  revokeFailed: "Erreur lors de la révocation de l'invitation",
  kicked: 'Joueur expulsé avec succès !',
  kickFailed: "Erreur lors de l'expulsion du joueur",
  left: 'Vous avez quitté la partie avec succès',
  leaveFailed: 'Erreur lors du départ de la partie',
} as const;

export interface InvitationFeedback {
  tone: 'success' | 'error';
  text: string;
}

export type GameInvitationEvent =
  | { type: 'invitation.accept' }
  | { type: 'invitation.decline' }
  | { type: 'invitation.revoke' }
  | { type: 'invitation.kick' }
  | { type: 'invitation.leave' }
  /** The server says the invitation changed (an answer, a kick, another tab). */
  | { type: 'invitation.updated'; invitation: GameInvitation };

/** What the lobby hears from one of its invitations. */
export interface InvitationChanged {
  type: 'invitation.changed';
  invitation: GameInvitation;
  /** What the move said, for a lobby that drops the closed invitation from its list. */
  feedback: InvitationFeedback | null;
}

export interface GameInvitationContext {
  invitation: GameInvitation;
  side: InvitationSide;
  feedback: InvitationFeedback | null;
}

type MoveInput = { invitation: GameInvitation };

const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;

/** platform.md §8 "Revoking": the status decides the text, the server's own text is not shown. */
function revokeFailure(error: unknown): string {
  if (statusOf(error) === 403) return invitationTexts.revokeForbidden;
  if (statusOf(error) === 404) return invitationTexts.revokeNotFound;
  return invitationTexts.revokeFailed;
}

/**
 * One game invitation as one side sees it (platform.md §4): pending until the invitee accepts or
 * declines it or the MJ revokes it; once accepted, until the MJ kicks the player or the player
 * leaves. Each move is allowed only to its side (the server checks it again) and says how it went;
 * the server's news of the invitation moves it too. The lobby spawns one per invitation and hears
 * of every change it makes.
 */
export const gameInvitationMachine = setup({
  types: {
    context: {} as GameInvitationContext,
    events: {} as GameInvitationEvent,
    input: {} as { invitation: GameInvitation; side: InvitationSide },
  },
  actors: {
    'accept invitation': unprovidedPromise<GameInvitation, MoveInput>('accept invitation'),
    'decline invitation': unprovidedPromise<GameInvitation, MoveInput>('decline invitation'),
    'revoke invitation': unprovidedPromise<GameInvitation, MoveInput>('revoke invitation'),
    'kick player': unprovidedPromise<GameInvitation, MoveInput>('kick player'),
    'leave game': unprovidedPromise<void, MoveInput>('leave game'),
  },
  actions: {
    /** News of another status makes the last move's message stale. */
    'remember invitation': assign({
      invitation: (_, invitation: GameInvitation) => invitation,
      feedback: ({ context }, invitation: GameInvitation) =>
        invitation.status === context.invitation.status ? context.feedback : null,
    }),
    'mark as': assign({
      invitation: ({ context }, status: GameInvitation['status']) => ({ ...context.invitation, status }),
    }),
    'show success': assign({ feedback: (_, text: string) => ({ tone: 'success' as const, text }) }),
    'show failure': assign({ feedback: (_, text: string) => ({ tone: 'error' as const, text }) }),
    'clear feedback': assign({ feedback: null }),
    'tell the lobby': sendParent(({ context }): InvitationChanged => ({
      type: 'invitation.changed',
      invitation: context.invitation,
      feedback: context.feedback,
    })),
  },
  guards: {
    'viewer is the invitee': ({ context }) => context.side === 'invitee',
    'viewer is the game master': ({ context }) => context.side === 'gameMaster',
    'is pending': ({ context }) => context.invitation.status === 'pending',
    'is accepted': ({ context }) => context.invitation.status === 'accepted',
    'is declined': ({ context }) => context.invitation.status === 'declined',
    'is revoked': ({ context }) => context.invitation.status === 'revoked',
    'is kicked': ({ context }) => context.invitation.status === 'kicked',
  },
}).createMachine({
  id: 'gameInvitation',
  context: ({ input }) => ({ invitation: input.invitation, side: input.side, feedback: null }),
  initial: 'resolving',
  states: {
    /** Goes to the state the invitation's status names. */
    resolving: {
      always: [
        { guard: 'is pending', target: 'pending' },
        { guard: 'is accepted', target: 'accepted' },
        { guard: 'is declined', target: 'declined' },
        { guard: 'is revoked', target: 'revoked' },
        { guard: 'is kicked', target: 'kicked' },
        { target: 'left' },
      ],
    },
    pending: {
      on: {
        'invitation.accept': {
          guard: 'viewer is the invitee',
          target: 'accepting',
          actions: 'clear feedback',
        },
        'invitation.decline': {
          guard: 'viewer is the invitee',
          target: 'declining',
          actions: 'clear feedback',
        },
        'invitation.revoke': {
          guard: 'viewer is the game master',
          target: 'revoking',
          actions: 'clear feedback',
        },
        'invitation.updated': {
          target: 'resolving',
          actions: { type: 'remember invitation', params: ({ event }) => event.invitation },
        },
      },
    },
    accepting: {
      tags: ['busy'],
      invoke: {
        id: 'accept',
        src: 'accept invitation',
        input: ({ context }) => ({ invitation: context.invitation }),
        onDone: {
          target: 'accepted',
          actions: [
            { type: 'mark as', params: 'accepted' },
            { type: 'show success', params: invitationTexts.accepted },
            'tell the lobby',
          ],
        },
        onError: {
          target: 'pending',
          actions: {
            type: 'show failure',
            params: ({ event }) => failureText(event.error, invitationTexts.acceptFailed),
          },
        },
      },
    },
    declining: {
      tags: ['busy'],
      invoke: {
        id: 'decline',
        src: 'decline invitation',
        input: ({ context }) => ({ invitation: context.invitation }),
        onDone: { target: 'declined', actions: [{ type: 'mark as', params: 'declined' }, 'tell the lobby'] },
        onError: {
          target: 'pending',
          actions: {
            type: 'show failure',
            params: ({ event }) => failureText(event.error, invitationTexts.declineFailed),
          },
        },
      },
    },
    revoking: {
      tags: ['busy'],
      invoke: {
        id: 'revoke',
        src: 'revoke invitation',
        input: ({ context }) => ({ invitation: context.invitation }),
        onDone: {
          target: 'revoked',
          actions: [
            { type: 'mark as', params: 'revoked' },
            { type: 'show success', params: invitationTexts.revoked },
            'tell the lobby',
          ],
        },
        onError: {
          target: 'pending',
          actions: { type: 'show failure', params: ({ event }) => revokeFailure(event.error) },
        },
      },
    },
    accepted: {
      on: {
        'invitation.kick': {
          guard: 'viewer is the game master',
          target: 'kicking',
          actions: 'clear feedback',
        },
        'invitation.leave': { guard: 'viewer is the invitee', target: 'leaving', actions: 'clear feedback' },
        'invitation.updated': {
          target: 'resolving',
          actions: { type: 'remember invitation', params: ({ event }) => event.invitation },
        },
      },
    },
    kicking: {
      tags: ['busy'],
      invoke: {
        id: 'kick',
        src: 'kick player',
        input: ({ context }) => ({ invitation: context.invitation }),
        onDone: {
          target: 'kicked',
          actions: [
            { type: 'mark as', params: 'kicked' },
            { type: 'show success', params: invitationTexts.kicked },
            'tell the lobby',
          ],
        },
        onError: {
          target: 'accepted',
          actions: {
            type: 'show failure',
            params: ({ event }) => failureText(event.error, invitationTexts.kickFailed),
          },
        },
      },
    },
    leaving: {
      tags: ['busy'],
      invoke: {
        id: 'leave',
        src: 'leave game',
        input: ({ context }) => ({ invitation: context.invitation }),
        onDone: {
          target: 'left',
          actions: [
            { type: 'mark as', params: 'left' },
            { type: 'show success', params: invitationTexts.left },
            'tell the lobby',
          ],
        },
        onError: {
          target: 'accepted',
          actions: {
            type: 'show failure',
            params: ({ event }) => failureText(event.error, invitationTexts.leaveFailed),
          },
        },
      },
    },
    // Closed: a new invitation is a new actor.
    declined: {},
    revoked: {},
    kicked: {},
    left: {},
  },
});

export type GameInvitationActor = ActorRefFrom<typeof gameInvitationMachine>;
export type GameInvitationSnapshot = SnapshotFrom<typeof gameInvitationMachine>;
