import { assign, enqueueActions, setup, type ActorRefFrom } from 'xstate';
import type { CharacterSummary, LobbyCharacter } from '../api/schemas/characters';
import type { GameInvitation } from '../api/schemas/game-invitations';
import { gameInvitationMachine, type InvitationChanged } from './game-invitation.machine';
import { unprovidedEvents, unprovidedPromise } from './unprovided';

/** Everything the player lobby shows, loaded together; a list that fails to load is empty (§8). */
export interface PlayerLobbyData {
  invitations: GameInvitation[];
  /** The user's characters in each game whose invitation is accepted, with their health at the table. */
  charactersByGame: Record<string, LobbyCharacter[]>;
  /** The legacy selection flow's dropdown (GET /players). */
  myCharacters: CharacterSummary[];
}

export interface GameLaunch {
  gameId: string;
  playerId: string;
}

export type PlayerLobbyEvent =
  | { type: 'lobby.reload' }
  /** The legacy flow: a character picked in the dropdown. */
  | { type: 'character.select'; characterId: string }
  /** Launch the selected character's game (legacy flow) or a given one (character card). */
  | { type: 'game.launch'; launch?: GameLaunch }
  /** newInvitation from the server. */
  | { type: 'invitation.received'; invitation: GameInvitation }
  /** invitationUpdated from the server. */
  | { type: 'invitation.updated'; invitation: GameInvitation }
  /** gameAccessEnded from the server: a game went away (kicked, left elsewhere, deleted). */
  | { type: 'game.access.ended'; gameId: string }
  | InvitationChanged;

type InvitationRef = ActorRefFrom<typeof gameInvitationMachine>;

export interface PlayerLobbyContext extends Omit<PlayerLobbyData, 'invitations'> {
  invitations: Array<{ id: string; ref: InvitationRef }>;
  selectedCharacterId: string | null;
  launch: GameLaunch | null;
}

/**
 * The player's side of the home screen (platform.md §2 "Player view"): received invitations, each
 * its own actor; the character lists of accepted games; the legacy dropdown that launches a game
 * after a short cinematic. New invitations and the MJ's moves arrive live; an invitation that
 * changes here (accepted, left) reloads the lists, as the spec's reload after leaving does.
 */
export const playerLobbyMachine = setup({
  types: {
    context: {} as PlayerLobbyContext,
    events: {} as PlayerLobbyEvent,
  },
  actors: {
    'load lobby': unprovidedPromise<PlayerLobbyData>('load lobby'),
    invitation: gameInvitationMachine,
    /** newInvitation, invitationUpdated and gameAccessEnded, as this machine's events. */
    'watch server news': unprovidedEvents<PlayerLobbyEvent>('watch server news'),
  },
  actions: {
    /** Keeps the actor (and what it last said) of an invitation that is still listed. */
    'adopt invitations': enqueueActions(({ context, enqueue }, invitations: GameInvitation[]) => {
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
          invitations.map(
            (invitation) =>
              current.invitations.find((entry) => entry.id === invitation.id) ?? {
                id: invitation.id,
                ref: spawn('invitation', {
                  id: `invitation-${invitation.id}`,
                  input: { invitation, side: 'invitee' },
                }),
              },
          ),
      });
    }),
    'adopt lists': assign({
      charactersByGame: (_, data: PlayerLobbyData) => data.charactersByGame,
      myCharacters: (_, data: PlayerLobbyData) => data.myCharacters,
      selectedCharacterId: ({ context }, data: PlayerLobbyData) =>
        data.myCharacters.some((character) => character.id === context.selectedCharacterId)
          ? context.selectedCharacterId
          : null,
    }),
    'forward to invitation': enqueueActions(({ context, enqueue }, invitation: GameInvitation) => {
      const kept = context.invitations.find((entry) => entry.id === invitation.id);
      if (kept) enqueue.sendTo(kept.ref, { type: 'invitation.updated', invitation });
    }),
    'select character': assign({ selectedCharacterId: (_, characterId: string) => characterId }),
    'remember launch': assign({ launch: (_, launch: GameLaunch) => launch }),
    'forget launch': assign({ launch: null }),
    /** Goes to /game?gameId=…&playerId=…. */
    'open game': (_, _launch: GameLaunch) => {},
  },
  guards: {
    'invitation is listed': ({ context }, invitation: GameInvitation) =>
      context.invitations.some((entry) => entry.id === invitation.id),
    'has a launch': (_, launch: GameLaunch | null) => launch !== null,
  },
  delays: {
    /** platform.md §9: redirect delay after joining. */
    launchCinematic: 2000,
  },
}).createMachine({
  id: 'playerLobby',
  context: {
    invitations: [],
    charactersByGame: {},
    myCharacters: [],
    selectedCharacterId: null,
    launch: null,
  },
  invoke: { id: 'news', src: 'watch server news' },
  initial: 'loading',
  on: {
    'lobby.reload': { target: '.loading' },
    'invitation.received': { target: '.loading' },
    'game.access.ended': { target: '.loading' },
    'invitation.changed': { target: '.loading' },
    'invitation.updated': [
      {
        guard: { type: 'invitation is listed', params: ({ event }) => event.invitation },
        actions: { type: 'forward to invitation', params: ({ event }) => event.invitation },
      },
      { target: '.loading' },
    ],
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'lobby',
        src: 'load lobby',
        onDone: {
          target: 'ready',
          actions: [
            { type: 'adopt invitations', params: ({ event }) => event.output.invitations },
            { type: 'adopt lists', params: ({ event }) => event.output },
          ],
        },
        // The effect turns every failed list into an empty one; this is a wiring failure.
        onError: { target: 'ready' },
      },
    },
    ready: {
      on: {
        'character.select': {
          actions: { type: 'select character', params: ({ event }) => event.characterId },
        },
        'game.launch': {
          guard: {
            type: 'has a launch',
            params: ({ context, event }) => event.launch ?? launchOfSelected(context),
          },
          target: 'launching',
          actions: {
            type: 'remember launch',
            params: ({ context, event }) => (event.launch ?? launchOfSelected(context)) as GameLaunch,
          },
        },
      },
    },
    /** The cinematic plays, then the game opens. */
    launching: {
      after: {
        launchCinematic: {
          target: 'ready',
          actions: [
            { type: 'open game', params: ({ context }) => context.launch as GameLaunch },
            'forget launch',
          ],
        },
      },
    },
  },
});

/** The legacy flow launches the game of the character picked in the dropdown, when it has one. */
export function launchOfSelected(context: PlayerLobbyContext): GameLaunch | null {
  const character = context.myCharacters.find((entry) => entry.id === context.selectedCharacterId);
  return character?.gameId ? { gameId: character.gameId, playerId: character.id } : null;
}
