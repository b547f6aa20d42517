import { merge, map, type Observable } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import { listGameCharacters, listMyCharacters } from '../api/characters';
import {
  acceptInvitation,
  declineInvitation,
  invitePlayer,
  kickPlayer,
  listReceivedInvitations,
  listSentInvitations,
  revokeInvitation,
  searchInviteCandidates,
} from '../api/game-invitations';
import { createGame, deleteGame, leaveGame, listOwnedGames } from '../api/games';
import { gameInvitation, type GameInvitation } from '../api/schemas/game-invitations';
import { gameAccessEnded, gamePlayersUpdate, type GameSummary } from '../api/schemas/games';
import type { LobbyCharacter } from '../api/schemas/characters';
import { gameAdminMachine, type GameAdminEvent } from '../machines/game-admin.machine';
import { gameInvitationMachine } from '../machines/game-invitation.machine';
import { gameMasterLobbyMachine, type GameMasterLobbyEvent } from '../machines/game-master-lobby.machine';
import {
  playerLobbyMachine,
  type PlayerLobbyData,
  type PlayerLobbyEvent,
} from '../machines/player-lobby.machine';
import type { SocketFact } from './socket';
import { serverEvents } from './server-events';

type MoveInput = { input: { invitation: GameInvitation } };

/** The invitation actor's moves over REST. */
export const invitationEffects = {
  actors: {
    'accept invitation': fromPromise(
      async ({ input }: MoveInput) => (await acceptInvitation(input.invitation.id)).invitation,
    ),
    'decline invitation': fromPromise(
      async ({ input }: MoveInput) => (await declineInvitation(input.invitation.id)).invitation,
    ),
    'revoke invitation': fromPromise(
      async ({ input }: MoveInput) => (await revokeInvitation(input.invitation.id)).invitation,
    ),
    'kick player': fromPromise(
      async ({ input }: MoveInput) => (await kickPlayer(input.invitation.id)).invitation,
    ),
    'leave game': fromPromise(async ({ input }: MoveInput) => {
      await leaveGame(input.invitation.gameId);
    }),
  },
};

/** platform.md §8: a list that fails to load is shown empty; the failure is only logged. */
async function orEmpty<T>(load: Promise<T[]>, what: string): Promise<T[]> {
  try {
    return await load;
  } catch (error) {
    console.error(`Chargement impossible : ${what}`, error);
    return [];
  }
}

/** Everything the player lobby shows, in one go. */
export async function loadPlayerLobby(signal?: AbortSignal): Promise<PlayerLobbyData> {
  const [invitations, myCharacters] = await Promise.all([
    orEmpty(listReceivedInvitations(signal), 'invitations'),
    orEmpty(listMyCharacters(signal), 'personnages'),
  ]);
  const acceptedGames = [...new Set(invitations.filter((i) => i.status === 'accepted').map((i) => i.gameId))];
  const lists = await Promise.all(
    acceptedGames.map(async (gameId): Promise<[string, LobbyCharacter[]]> => [
      gameId,
      await orEmpty(listGameCharacters(gameId, signal), `personnages de la partie ${gameId}`),
    ]),
  );
  return { invitations, myCharacters, charactersByGame: Object.fromEntries(lists) };
}

/** The server's news for the player lobby, as its events. */
export function playerLobbyFacts(facts$: Observable<SocketFact>): Observable<PlayerLobbyEvent> {
  return merge(
    serverEvents(facts$, 'newInvitation', gameInvitation).pipe(
      map((invitation) => ({ type: 'invitation.received' as const, invitation })),
    ),
    serverEvents(facts$, 'invitationUpdated', gameInvitation).pipe(
      map((invitation) => ({ type: 'invitation.updated' as const, invitation })),
    ),
    serverEvents(facts$, 'gameAccessEnded', gameAccessEnded).pipe(
      map(({ gameId }) => ({ type: 'game.access.ended' as const, gameId })),
    ),
  );
}

export function gameMasterLobbyFacts(facts$: Observable<SocketFact>): Observable<GameMasterLobbyEvent> {
  return merge(
    serverEvents(facts$, 'gamePlayersUpdate', gamePlayersUpdate).pipe(
      map(({ gameId, count }) => ({ type: 'game.players.counted' as const, gameId, count })),
    ),
    serverEvents(facts$, 'invitationDeclined', gameInvitation).pipe(
      map(({ toUser, game }) => ({
        type: 'invitation.declined' as const,
        playerName: toUser.display_name,
        gameName: game.name,
      })),
    ),
  );
}

export function gameAdminFacts(facts$: Observable<SocketFact>): Observable<GameAdminEvent> {
  return serverEvents(facts$, 'invitationUpdated', gameInvitation).pipe(
    map((invitation) => ({ type: 'invitation.updated' as const, invitation })),
  );
}

export const gameMasterLobbyEffects = {
  actors: {
    'load games': fromPromise<GameSummary[]>(({ signal }) => listOwnedGames(signal)),
    'create game': fromPromise(({ input }: { input: { name: string } }) => createGame(input.name)),
    'delete game': fromPromise(({ input }: { input: { gameId: string } }) => deleteGame(input.gameId)),
  },
};

export const gameAdminEffects = {
  actors: {
    'load invitations': fromPromise(({ input, signal }: { input: { gameId: string }; signal: AbortSignal }) =>
      listSentInvitations(input.gameId, signal),
    ),
    'search players': fromPromise(
      ({ input, signal }: { input: { gameId: string; query: string }; signal: AbortSignal }) =>
        searchInviteCandidates(input.gameId, input.query, signal),
    ),
    'invite player': fromPromise(({ input }: { input: { gameId: string; playerId: string } }) =>
      invitePlayer(input.gameId, input.playerId),
    ),
  },
};

/** Turns a stream of facts into the invoked listener machines receive them through. */
export const listenTo = <T extends { type: string }>(facts$: Observable<T>) =>
  fromEventObservable(() => facts$);

/** Where a lobby sends the user: the game's page. */
export type OpenGame = (target: { gameId: string; playerId: string }) => void;

export function playerLobbyLogic(facts$: Observable<SocketFact>, openGame: OpenGame) {
  return playerLobbyMachine.provide({
    actors: {
      'load lobby': fromPromise(({ signal }) => loadPlayerLobby(signal)),
      invitation: gameInvitationMachine.provide(invitationEffects),
      'watch server news': listenTo(playerLobbyFacts(facts$)),
    },
    actions: { 'open game': (_, launch) => openGame(launch) },
  });
}

export function gameMasterLobbyLogic(facts$: Observable<SocketFact>, openGame: OpenGame) {
  return gameMasterLobbyMachine.provide({
    actors: { ...gameMasterLobbyEffects.actors, 'watch server news': listenTo(gameMasterLobbyFacts(facts$)) },
    actions: { 'open game': (_, target) => openGame(target) },
  });
}

export function gameAdminLogic(facts$: Observable<SocketFact>) {
  return gameAdminMachine.provide({
    actors: {
      ...gameAdminEffects.actors,
      invitation: gameInvitationMachine.provide(invitationEffects),
      'watch server news': listenTo(gameAdminFacts(facts$)),
    },
  });
}
