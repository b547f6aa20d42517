import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable, fromPromise, SimulatedClock, type AnyEventObject } from 'xstate';
import type { GameSummary } from '../../src/api/schemas/games';
import {
  gameMasterLobbyMachine,
  gameMasterLobbyTexts,
  type GameMasterLobbyEvent,
} from '../../src/machines/game-master-lobby.machine';
import { testEveryPath } from '../helpers/every-path';
import { deferred, expectSameState, modelOf, settle, type Pending } from '../helpers/machine-model';

const tower: GameSummary = {
  id: 'TOWER234',
  name: 'La Tour',
  mjUserId: 'mj',
  mjDisplayName: 'Maître',
  lastConnectionAt: null,
  lastConnectionFormatted: 'Jamais',
  connectedPlayersCount: 0,
};
const refusal = (status: number, error: string) => ({ status, message: error, body: { error } });
const afterJoin = { type: 'xstate.after.joinRedirect.gameMasterLobby.joining' };

const allEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.games', output: [tower] },
  { type: 'xstate.error.actor.games', error: new TypeError('Failed to fetch') },
  { type: 'game.create', name: '   ' },
  { type: 'game.create', name: ' Nouvelle ' },
  { type: 'xstate.done.actor.creation', output: { ...tower, id: 'NEWGAME2' } },
  { type: 'xstate.error.actor.creation', error: refusal(400, 'Le nom de la partie est requis.') },
  { type: 'game.delete.ask', gameId: 'TOWER234' },
  { type: 'game.delete.confirm', typedName: 'la tour' },
  { type: 'game.delete.confirm', typedName: 'La Tour' },
  { type: 'game.delete.cancel' },
  { type: 'xstate.done.actor.deletion', output: { message: 'Partie supprimée avec succès' } },
  { type: 'xstate.error.actor.deletion', error: new TypeError('Failed to fetch') },
  { type: 'game.join', gameId: 'TOWER234' },
  afterJoin,
  { type: 'game.players.counted', gameId: 'TOWER234', count: 2 },
  { type: 'invitation.declined', playerName: 'Bob', gameName: 'La Tour' },
];
const events = (snapshot: { matches(state: string): boolean }) =>
  allEvents.filter((event) => {
    if (event === afterJoin) return snapshot.matches('joining');
    const call = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type)?.[2];
    const busy: Record<string, string> = { games: 'loading', creation: 'creating', deletion: 'deleting' };
    return call === undefined || snapshot.matches(busy[call]!);
  });

function startLobby() {
  const clock = new SimulatedClock();
  const calls: Record<'games' | 'creation' | 'deletion', Pending<unknown>[]> = {
    games: [],
    creation: [],
    deletion: [],
  };
  const opened: unknown[] = [];
  const answered = (name: string) =>
    fromPromise(({ input }) => {
      const call = deferred<unknown>(input);
      calls[name as keyof typeof calls].push(call);
      return call.promise;
    });
  const actor = createActor(
    gameMasterLobbyMachine.provide({
      actors: {
        'load games': answered('games') as never,
        'create game': answered('creation') as never,
        'delete game': answered('deletion') as never,
        'watch server news': fromEventObservable(() => new Subject<GameMasterLobbyEvent>()),
      },
      actions: { 'open game': (_, target) => void opened.push(target) },
    }),
    { input: { userId: 'mj' }, clock },
  ).start();
  return { actor, clock, calls, opened };
}

describe('game master lobby: shortest paths to every state', () => {
  const paths = modelOf(gameMasterLobbyMachine, events, { userId: 'mj' }).getShortestPaths();
  testEveryPath(paths, () => {
    const { actor, clock, calls } = startLobby();
    const send = ({ event }: { event: AnyEventObject }) => void actor.send(event as GameMasterLobbyEvent);
    const answer =
      (name: string) =>
      async ({ event }: { event: AnyEventObject }) => {
        if ('output' in event) calls[name as keyof typeof calls].at(-1)!.resolve(event.output);
        else calls[name as keyof typeof calls].at(-1)!.reject(event.error);
        await settle();
      };
    return {
      events: {
        ...Object.fromEntries(
          [
            'game.create',
            'game.delete.ask',
            'game.delete.confirm',
            'game.delete.cancel',
            'game.join',
            'game.players.counted',
            'invitation.declined',
          ].map((type) => [type, send]),
        ),
        ...Object.fromEntries(
          ['games', 'creation', 'deletion'].flatMap((name) => [
            [`xstate.done.actor.${name}`, answer(name)],
            [`xstate.error.actor.${name}`, answer(name)],
          ]),
        ),
        [afterJoin.type]: () => clock.increment(2000),
      },
      states: {
        '*': (expected) => expectSameState(actor, expected),
        creating: () => expect(calls.creation.at(-1)?.input).toEqual({ name: 'Nouvelle' }),
        deleting: () => expect(calls.deletion.at(-1)?.input).toEqual({ gameId: 'TOWER234' }),
      },
    };
  });
});

describe('game master lobby', () => {
  async function ready() {
    const lobby = startLobby();
    lobby.calls.games[0]!.resolve([tower]);
    await settle();
    return lobby;
  }

  it('announces the new code, and creates nothing for an empty name', async () => {
    const { actor, calls } = await ready();
    actor.send({ type: 'game.create', name: '  ' });
    expect(calls.creation).toHaveLength(0);
    actor.send({ type: 'game.create', name: 'Nouvelle' });
    calls.creation[0]!.resolve({ ...tower, id: 'NEWGAME2' });
    await settle();
    expect(actor.getSnapshot().context.notice).toEqual({
      tone: 'success',
      text: 'Partie créée ! Code : NEWGAME2',
    });
    expect(actor.getSnapshot().value).toBe('loading');
  });

  it('deletes only once the exact name is typed', async () => {
    const { actor, calls } = await ready();
    actor.send({ type: 'game.delete.ask', gameId: 'TOWER234' });
    actor.send({ type: 'game.delete.confirm', typedName: 'La Tour ' });
    expect(actor.getSnapshot().context.deletionError).toBe(gameMasterLobbyTexts.nameMismatch);
    expect(calls.deletion).toHaveLength(0);
    actor.send({ type: 'game.delete.confirm', typedName: 'La Tour' });
    calls.deletion[0]!.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().context.deletionError).toBe('Erreur lors de la suppression');
  });

  it('tells the MJ a player declined, without leaving what the lobby was doing', async () => {
    const { actor } = await ready();
    actor.send({ type: 'game.delete.ask', gameId: 'TOWER234' });
    actor.send({ type: 'invitation.declined', playerName: 'Bob', gameName: 'La Tour' });
    expect(actor.getSnapshot().value).toBe('confirmingDeletion');
    expect(actor.getSnapshot().context.notice).toEqual({
      tone: 'info',
      text: 'Bob a refusé votre invitation à «\u00a0La Tour\u00a0».',
    });
  });

  it('opens the game 2 s after join, with the MJ as player, and follows live counts', async () => {
    const { actor, clock, opened } = await ready();
    actor.send({ type: 'game.players.counted', gameId: 'TOWER234', count: 3 });
    expect(actor.getSnapshot().context.games[0]?.connectedPlayersCount).toBe(3);
    actor.send({ type: 'game.join', gameId: 'TOWER234' });
    clock.increment(1999);
    expect(opened).toEqual([]);
    clock.increment(1);
    expect(opened).toEqual([{ gameId: 'TOWER234', playerId: 'mj' }]);
  });
});
