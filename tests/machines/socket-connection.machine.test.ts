import { finalize, Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromEventObservable, type AnyEventObject } from 'xstate';
import type { PlayerInfo, SocketFact } from '../../src/effects/socket';
import { socketConnectionMachine } from '../../src/machines/socket-connection.machine';
import { each, inSameState, itVisitsEveryState, outcomesOf, testEveryPath } from '../helpers/every-path';
import { answerLatest, pendingCalls, sendTo } from '../helpers/fake-effects';
import { modelOf, settle, type Pending } from '../helpers/machine-model';

const player: PlayerInfo = { id: 'p-1', name: 'Ana', avatar: null };

const modelEvents: AnyEventObject[] = [
  { type: 'socket.open' },
  { type: 'socket.open', player },
  { type: 'socket.close' },
  { type: 'socket.connected' },
  { type: 'socket.disconnected', reason: 'transport close' },
  { type: 'socket.disconnected', reason: 'io server disconnect' },
  { type: 'socket.reconnecting', attempt: 1 },
  { type: 'socket.error', message: 'xhr poll error' },
  { type: 'socket.refused', message: 'Session invalide ou expirée' },
  { type: 'session.token.renewed', token: 'jwt-2' },
  { type: 'xstate.done.actor.renewal' },
  { type: 'xstate.error.actor.renewal', error: new Error('refresh refused') },
];

interface FakeConnection {
  input: { player: PlayerInfo | null };
  facts: Subject<SocketFact>;
  closed: boolean;
}

/** The connection machine on a fake socket: each listener is a connection the test feeds. */
function startConnection() {
  const connections: FakeConnection[] = [];
  const renewals: Pending<void>[] = [];
  const authenticateUser = vi.fn<(token: string) => void>();

  const actor = createActor(
    socketConnectionMachine.provide({
      actors: {
        'listen to socket': fromEventObservable(({ input }: { input: { player: PlayerInfo | null } }) => {
          const connection: FakeConnection = { input, facts: new Subject(), closed: false };
          connections.push(connection);
          return connection.facts.pipe(
            finalize(() => {
              connection.closed = true;
            }),
          );
        }),
        'renew session': pendingCalls(renewals),
      },
      actions: {
        'send authenticateUser': (_, { token }) => authenticateUser(token),
      },
    }),
  ).start();

  const open = () => connections.filter((connection) => !connection.closed);
  /** A fact from the socket that is open now. */
  const report = (fact: SocketFact) => open().at(-1)?.facts.next(fact);
  return { actor, connections, renewals, authenticateUser, open, report };
}

describe('socket connection: shortest paths to every state', () => {
  const paths = modelOf(socketConnectionMachine, modelEvents).getShortestPaths();

  testEveryPath(paths, () => {
    const socket = startConnection();
    const report = ({ event }: { event: AnyEventObject }) => void socket.report(event as SocketFact);
    return {
      events: {
        ...each(['socket.open', 'socket.close', 'session.token.renewed'], sendTo(socket.actor)),
        ...each(
          ['connected', 'disconnected', 'reconnecting', 'error', 'refused'].map((fact) => `socket.${fact}`),
          report,
        ),
        ...each(outcomesOf('renewal'), answerLatest(socket.renewals)),
      },
      states: inSameState(socket.actor, {
        disconnected: () => {
          expect(socket.open()).toHaveLength(0);
        },
        open: () => {
          // One socket at a time, announcing the player the machine was opened with.
          expect(socket.open()).toHaveLength(1);
          expect(socket.open()[0]?.input).toEqual({ player: socket.actor.getSnapshot().context.player });
        },
        renewingSession: () => {
          expect(socket.open()).toHaveLength(0);
          expect(socket.renewals.length).toBeGreaterThan(0);
        },
      }),
    };
  });

  itVisitsEveryState(paths, socketConnectionMachine);
});

describe('socket connection', () => {
  it('opens one socket, announcing the player when one is given', () => {
    const socket = startConnection();
    socket.actor.send({ type: 'socket.open', player });
    socket.actor.send({ type: 'socket.open' });
    expect(socket.connections).toHaveLength(1);
    expect(socket.connections[0]?.input).toEqual({ player });
  });

  it('follows socket.io through a drop and back', () => {
    const socket = startConnection();
    socket.actor.send({ type: 'socket.open' });
    socket.report({ type: 'socket.connected' });
    socket.report({ type: 'socket.disconnected', reason: 'transport close' });
    socket.report({ type: 'socket.reconnecting', attempt: 1 });
    socket.report({ type: 'socket.error', message: 'xhr poll error' });
    socket.report({ type: 'socket.reconnecting', attempt: 2 });
    expect(socket.actor.getSnapshot().value).toEqual({ open: 'reconnecting' });
    expect(socket.actor.getSnapshot().context).toMatchObject({ attempt: 2, lastError: 'xhr poll error' });
    socket.report({ type: 'socket.connected' });
    expect(socket.actor.getSnapshot().value).toEqual({ open: 'connected' });
    expect(socket.actor.getSnapshot().context).toMatchObject({ attempt: 0, lastError: null });
    expect(socket.connections).toHaveLength(1);
  });

  it('sends a renewed token on the open connection only while connected', () => {
    const socket = startConnection();
    socket.actor.send({ type: 'socket.open' });
    socket.actor.send({ type: 'session.token.renewed', token: 'jwt-early' });
    socket.report({ type: 'socket.connected' });
    socket.actor.send({ type: 'session.token.renewed', token: 'jwt-2' });
    expect(socket.authenticateUser.mock.calls).toEqual([['jwt-2']]);
  });

  it('leaves a connection the server closed on purpose closed', () => {
    const socket = startConnection();
    socket.actor.send({ type: 'socket.open' });
    socket.report({ type: 'socket.connected' });
    socket.report({ type: 'socket.disconnected', reason: 'io server disconnect' });
    expect(socket.actor.getSnapshot().value).toBe('disconnected');
    expect(socket.open()).toHaveLength(0);
  });

  it('renews the session once after a refused handshake and connects again with a new socket', async () => {
    const socket = startConnection();
    socket.actor.send({ type: 'socket.open' });
    socket.report({ type: 'socket.refused', message: 'Session invalide ou expirée' });
    expect(socket.actor.getSnapshot().value).toBe('renewingSession');
    socket.renewals[0]?.resolve();
    await settle();
    expect(socket.actor.getSnapshot().value).toEqual({ open: 'connecting' });
    expect(socket.connections).toHaveLength(2);

    socket.report({ type: 'socket.refused', message: 'Session invalide ou expirée' });
    expect(socket.actor.getSnapshot().value).toBe('disconnected');
    expect(socket.actor.getSnapshot().context.lastError).toBe('Session invalide ou expirée');
    expect(socket.renewals).toHaveLength(1);
  });

  it('gives up when the session cannot be renewed', async () => {
    const socket = startConnection();
    socket.actor.send({ type: 'socket.open' });
    socket.report({ type: 'socket.refused', message: 'Session invalide ou expirée' });
    socket.renewals[0]?.reject(new Error('refresh refused'));
    await settle();
    expect(socket.actor.getSnapshot().value).toBe('disconnected');
    expect(socket.connections).toHaveLength(1);
  });

  it('closes the socket on logout, whatever it was doing', () => {
    const socket = startConnection();
    socket.actor.send({ type: 'socket.open' });
    socket.report({ type: 'socket.connected' });
    socket.actor.send({ type: 'socket.close' });
    expect(socket.actor.getSnapshot().value).toBe('disconnected');
    expect(socket.connections[0]?.closed).toBe(true);
  });
});
