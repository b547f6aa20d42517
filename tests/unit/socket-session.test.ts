import { Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import type { ConnectSocketOptions, SocketFact } from '../../src/effects/socket';
import { createSocketSession, type ConnectSocket } from '../../src/effects/socket-session';

function fakeConnections() {
  const opened: Array<{
    options: ConnectSocketOptions;
    facts: Subject<SocketFact>;
    emit: ReturnType<typeof vi.fn>;
    closed: boolean;
  }> = [];
  const connect: ConnectSocket = (options) => {
    const connection = { options, facts: new Subject<SocketFact>(), emit: vi.fn(), closed: false };
    opened.push(connection);
    return {
      events$: connection.facts,
      emit: connection.emit,
      request: () => Promise.resolve({ ok: true }),
      close: () => {
        connection.closed = true;
      },
    };
  };
  return { opened, connect };
}

/** Runs the session's listener the way the connection machine does: invoked by a parent. */
function listenWith(session: ReturnType<typeof createSocketSession>) {
  const heard: string[] = [];
  const parent = setup({
    actors: { listen: session.machineEffects.actors['listen to socket'] },
  }).createMachine({
    invoke: { src: 'listen', input: { player: null } },
    on: { '*': { actions: ({ event }) => heard.push(event.type) } },
  });
  return { actor: createActor(parent).start(), heard };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('socket session', () => {
  it('opens a connection for the listener and relays its facts to the machine and to every screen', async () => {
    const { opened, connect } = fakeConnections();
    const session = createSocketSession(async () => connect);
    const screen: SocketFact[] = [];
    session.facts$.subscribe((fact) => screen.push(fact));
    const { heard } = listenWith(session);
    await settle();
    opened[0]?.facts.next({ type: 'socket.connected' });
    opened[0]?.facts.next({ type: 'socket.event', name: 'newInvitation', payload: { id: 'i-1' } });
    expect(heard.filter((type) => type.startsWith('socket.'))).toEqual(['socket.connected', 'socket.event']);
    expect(screen.map((fact) => fact.type)).toEqual(['socket.connected', 'socket.event']);
  });

  it('emits on the open connection, and says so when there is none', async () => {
    const { opened, connect } = fakeConnections();
    const session = createSocketSession(async () => connect);
    expect(session.emit('joinGame', { gameId: 'g-1' })).toBe(false);
    const { actor } = listenWith(session);
    await settle();
    expect(session.emit('joinGame', { gameId: 'g-1' })).toBe(true);
    session.machineEffects.actions['send authenticateUser'](undefined, { token: 'jwt-2' });
    expect(opened[0]?.emit.mock.calls).toEqual([
      ['joinGame', { gameId: 'g-1' }],
      ['authenticateUser', { token: 'jwt-2' }],
    ]);
    actor.stop();
    expect(opened[0]?.closed).toBe(true);
    expect(session.emit('joinGame', { gameId: 'g-1' })).toBe(false);
  });

  it('never opens a connection for a listener stopped while the client code loads', async () => {
    const { opened, connect } = fakeConnections();
    let finishLoading!: (connect: ConnectSocket) => void;
    const session = createSocketSession(() => new Promise((resolve) => (finishLoading = resolve)));
    const { actor } = listenWith(session);
    actor.stop();
    finishLoading(connect);
    await settle();
    expect(opened).toHaveLength(0);
  });
});
