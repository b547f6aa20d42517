import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable, fromPromise, SimulatedClock, type AnyEventObject } from 'xstate';
import type { CharacterSummary } from '../../src/api/schemas/characters';
import type { GameInvitation } from '../../src/api/schemas/game-invitations';
import { gameInvitationMachine } from '../../src/machines/game-invitation.machine';
import {
  playerLobbyMachine,
  type PlayerLobbyData,
  type PlayerLobbyEvent,
} from '../../src/machines/player-lobby.machine';
import { each, testEveryPath } from '../helpers/every-path';
import { pendingCalls } from '../helpers/fake-effects';
import { deferred, modelOf, settle, visitedStates, type Pending } from '../helpers/machine-model';

const invitation: GameInvitation = {
  id: 'inv-1',
  gameId: 'TOWER234',
  fromUserId: 'mj',
  toUserId: 'ana',
  status: 'pending',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  game: { id: 'TOWER234', name: 'La Tour', mjDisplayName: 'Maître' },
  toUser: { id: 'ana', display_name: 'Ana' },
};
const aelys: CharacterSummary = {
  id: 'char-1',
  name: 'Aelys',
  userId: 'ana',
  gameId: 'TOWER234',
  HP: 20,
  soulEssence: 5,
  force: 3,
  agilite: 4,
  assetLink: null,
};
const loaded: PlayerLobbyData = { invitations: [invitation], charactersByGame: {}, myCharacters: [aelys] };
const afterCinematic = { type: 'xstate.after.launchCinematic.playerLobby.launching' };

// The invitation actors are spawned with a context the graph cannot compare: the walk looks at
// the lobby's own states, and the test at what they mean.
const allEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.lobby', output: { ...loaded, invitations: [] } },
  { type: 'character.select', characterId: 'char-1' },
  { type: 'game.launch' },
  afterCinematic,
  { type: 'lobby.reload' },
];
const events = (snapshot: { matches(state: string): boolean }) =>
  allEvents.filter(
    (event) =>
      (event !== afterCinematic || snapshot.matches('launching')) &&
      (event.type !== 'xstate.done.actor.lobby' || snapshot.matches('loading')),
  );

function startLobby() {
  const clock = new SimulatedClock();
  const loads: Pending<PlayerLobbyData>[] = [];
  const news = new Subject<PlayerLobbyEvent>();
  const opened: unknown[] = [];
  const accepts: Pending<GameInvitation>[] = [];
  const actor = createActor(
    playerLobbyMachine.provide({
      actors: {
        'load lobby': fromPromise(() => {
          const call = deferred<PlayerLobbyData>(undefined);
          loads.push(call);
          return call.promise;
        }),
        invitation: gameInvitationMachine.provide({
          actors: {
            'accept invitation': pendingCalls(accepts),
          },
        }),
        'watch server news': fromEventObservable(() => news),
      },
      actions: { 'open game': (_, launch) => void opened.push(launch) },
    }),
    { clock },
  ).start();
  const load = async (data: PlayerLobbyData) => {
    loads.at(-1)!.resolve(data);
    await settle();
  };
  return { actor, clock, loads, news, opened, accepts, load };
}

describe('player lobby: shortest paths to every state', () => {
  const paths = modelOf(playerLobbyMachine, events).getShortestPaths();
  it('visits every state', () => {
    expect(visitedStates(paths)).toEqual(['launching', 'loading', 'ready']);
  });
  testEveryPath(paths, () => {
    const { actor, clock, loads, opened } = startLobby();
    const send = ({ event }: { event: AnyEventObject }) => void actor.send(event as PlayerLobbyEvent);
    return {
      events: {
        'xstate.done.actor.lobby': async ({ event }) => {
          loads.at(-1)!.resolve((event as unknown as { output: PlayerLobbyData }).output);
          await settle();
        },
        ...each(['character.select', 'game.launch', 'lobby.reload'], send),
        [afterCinematic.type]: () => clock.increment(2000),
      },
      states: {
        loading: () => expect(actor.getSnapshot().hasTag('busy')).toBe(true),
        ready: () => expect(actor.getSnapshot().value).toBe('ready'),
        launching: () => {
          expect(actor.getSnapshot().context.launch).toEqual({ gameId: 'TOWER234', playerId: 'char-1' });
          expect(opened).toEqual([]);
        },
      },
    };
  });
});

describe('player lobby', () => {
  it('gives each invitation its own actor, kept across reloads', async () => {
    const { actor, load, news } = startLobby();
    await load(loaded);
    const [first] = actor.getSnapshot().context.invitations;
    expect(first?.ref.getSnapshot().value).toBe('pending');
    news.next({ type: 'invitation.received', invitation: { ...invitation, id: 'inv-2' } });
    expect(actor.getSnapshot().value).toBe('loading');
    await load({ ...loaded, invitations: [{ ...invitation, id: 'inv-2' }, invitation] });
    const ids = actor.getSnapshot().context.invitations.map((entry) => entry.id);
    expect(ids).toEqual(['inv-2', 'inv-1']);
    expect(actor.getSnapshot().context.invitations[1]?.ref).toBe(first?.ref);
  });

  it('moves an invitation on the server’s news and drops those no longer listed', async () => {
    const { actor, load, news } = startLobby();
    await load(loaded);
    const ref = actor.getSnapshot().context.invitations[0]!.ref;
    news.next({ type: 'invitation.updated', invitation: { ...invitation, status: 'kicked' } });
    expect(ref.getSnapshot().value).toBe('kicked');
    news.next({ type: 'game.access.ended', gameId: 'TOWER234' });
    await load({ ...loaded, invitations: [] });
    expect(actor.getSnapshot().context.invitations).toEqual([]);
    expect(ref.getSnapshot().status).toBe('stopped');
  });

  it('reloads the lists once an invitation is accepted here', async () => {
    const { actor, load, loads, accepts } = startLobby();
    await load(loaded);
    actor.getSnapshot().context.invitations[0]!.ref.send({ type: 'invitation.accept' });
    accepts[0]!.resolve({ ...invitation, status: 'accepted' });
    await settle();
    expect(loads).toHaveLength(2);
    await load({
      ...loaded,
      invitations: [{ ...invitation, status: 'accepted' }],
      charactersByGame: { TOWER234: [{ ...aelys, table: null }] },
    });
    expect(actor.getSnapshot().context.charactersByGame).toEqual({ TOWER234: [{ ...aelys, table: null }] });
    expect(actor.getSnapshot().context.invitations[0]!.ref.getSnapshot().context.feedback?.text).toBe(
      'Invitation acceptée ! Vous avez rejoint la partie.',
    );
  });

  it('launches the picked character’s game after the 2 s cinematic, and not without a game', async () => {
    const { actor, clock, load, opened } = startLobby();
    await load({ ...loaded, myCharacters: [aelys, { ...aelys, id: 'char-2', gameId: null }] });
    actor.send({ type: 'character.select', characterId: 'char-2' });
    actor.send({ type: 'game.launch' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'character.select', characterId: 'char-1' });
    actor.send({ type: 'game.launch' });
    clock.increment(1999);
    expect(opened).toEqual([]);
    clock.increment(1);
    expect(opened).toEqual([{ gameId: 'TOWER234', playerId: 'char-1' }]);
  });
});
