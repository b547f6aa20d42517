import { assign, sendParent, setup } from 'xstate';
import type { Friend, FriendInvitation } from '../api/schemas/friends';
import { failureText } from './failure-text';
import { unprovidedPromise } from './unprovided';

/** platform.md §8, and ours for cancelling, which the spec does not name. */
export const friendInvitationFailures = {
  accept: "Erreur lors de l'acceptation de l'invitation",
  decline: "Erreur lors du refus de l'invitation",
  cancel: "Erreur lors de l'annulation de l'invitation",
} as const;

export type InvitationDirection = 'received' | 'sent';

export type FriendInvitationEvent =
  | { type: 'invitation.accept' }
  | { type: 'invitation.decline' }
  | { type: 'invitation.cancel' }
  /** Live, to the recipient: the sender took it back. */
  | { type: 'invitation.cancelled' }
  /** Live, to the sender: the recipient answered. */
  | { type: 'invitation.accepted'; friend: Friend }
  | { type: 'invitation.declined' };

/** What the friends list hears when an invitation is over. */
export type InvitationSettled = {
  type: 'invitation.settled';
  invitationId: string;
  status: 'accepted' | 'declined' | 'cancelled';
  friend: Friend | null;
};

export interface FriendInvitationContext {
  invitation: FriendInvitation;
  direction: InvitationDirection;
  friend: Friend | null;
  error: string | null;
}

/**
 * One friend invitation as the menu shows it (platform.md §4): pending until the recipient
 * accepts (the friend is added) or declines, or the sender cancels. Each side may only do its
 * part; the other side's answer arrives live. Once over it tells the friends list and stops.
 */
export const friendInvitationMachine = setup({
  types: {
    context: {} as FriendInvitationContext,
    events: {} as FriendInvitationEvent,
    input: {} as { invitation: FriendInvitation; direction: InvitationDirection },
  },
  actors: {
    'accept invitation': unprovidedPromise<Friend, { invitationId: string }>('accept invitation'),
    'decline invitation': unprovidedPromise<void, { invitationId: string }>('decline invitation'),
    'cancel invitation': unprovidedPromise<void, { invitationId: string }>('cancel invitation'),
  },
  actions: {
    'keep friend': assign({ friend: (_, friend: Friend) => friend }),
    'show failure': assign({
      error: (_, { error, fallback }: { error: unknown; fallback: string }) => failureText(error, fallback),
    }),
    'clear failure': assign({ error: null }),
    'tell the list': sendParent(({ context }, status: InvitationSettled['status']): InvitationSettled => ({
      type: 'invitation.settled',
      invitationId: context.invitation.id,
      status,
      friend: context.friend,
    })),
  },
  guards: {
    'was received': ({ context }) => context.direction === 'received',
    'was sent': ({ context }) => context.direction === 'sent',
  },
}).createMachine({
  id: 'friendInvitation',
  context: ({ input }) => ({
    invitation: input.invitation,
    direction: input.direction,
    friend: null,
    error: null,
  }),
  initial: 'pending',
  states: {
    pending: {
      on: {
        'invitation.cancelled': { guard: 'was received', target: 'cancelled' },
        'invitation.accepted': {
          guard: 'was sent',
          target: 'accepted',
          actions: { type: 'keep friend', params: ({ event }) => event.friend },
        },
        'invitation.declined': { guard: 'was sent', target: 'declined' },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'invitation.accept': { guard: 'was received', target: 'accepting', actions: 'clear failure' },
            'invitation.decline': { guard: 'was received', target: 'declining', actions: 'clear failure' },
            'invitation.cancel': { guard: 'was sent', target: 'cancelling', actions: 'clear failure' },
          },
        },
        accepting: {
          tags: ['busy'],
          invoke: {
            id: 'accept',
            src: 'accept invitation',
            input: ({ context }) => ({ invitationId: context.invitation.id }),
            onDone: {
              target: '#friendInvitation.accepted',
              actions: { type: 'keep friend', params: ({ event }) => event.output },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'show failure',
                params: ({ event }) => ({ error: event.error, fallback: friendInvitationFailures.accept }),
              },
            },
          },
        },
        declining: {
          tags: ['busy'],
          invoke: {
            id: 'decline',
            src: 'decline invitation',
            input: ({ context }) => ({ invitationId: context.invitation.id }),
            onDone: { target: '#friendInvitation.declined' },
            onError: {
              target: 'idle',
              actions: {
                type: 'show failure',
                params: ({ event }) => ({ error: event.error, fallback: friendInvitationFailures.decline }),
              },
            },
          },
        },
        cancelling: {
          tags: ['busy'],
          invoke: {
            id: 'cancel',
            src: 'cancel invitation',
            input: ({ context }) => ({ invitationId: context.invitation.id }),
            onDone: { target: '#friendInvitation.cancelled' },
            onError: {
              target: 'idle',
              actions: {
                type: 'show failure',
                params: ({ event }) => ({ error: event.error, fallback: friendInvitationFailures.cancel }),
              },
            },
          },
        },
      },
    },
    accepted: { type: 'final', entry: { type: 'tell the list', params: 'accepted' } },
    declined: { type: 'final', entry: { type: 'tell the list', params: 'declined' } },
    cancelled: { type: 'final', entry: { type: 'tell the list', params: 'cancelled' } },
  },
});
