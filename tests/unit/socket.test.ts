import { describe, expect, it, vi } from 'vitest';
import type { SocketFact } from '../../src/effects/socket';

type Handler = (...args: unknown[]) => void;

/** Just enough of a socket.io client socket to drive the wrapper from the test. */
class FakeSocket {
  id = 'socket-1';
  active = true;
  connected = false;
  emitted: unknown[][] = [];
  private handlers = new Map<string, Handler[]>();
  private managerHandlers = new Map<string, Handler[]>();
  private anyHandlers: Handler[] = [];
  io = {
    on: (event: string, handler: Handler) =>
      this.managerHandlers.set(event, [...(this.managerHandlers.get(event) ?? []), handler]),
    off: (event: string) => this.managerHandlers.delete(event),
  };
  constructor(readonly options: Record<string, unknown>) {}
  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
  }
  onAny(handler: Handler) {
    this.anyHandlers.push(handler);
  }
  offAny() {
    this.anyHandlers = [];
  }
  removeAllListeners() {
    this.handlers.clear();
  }
  emit(...args: unknown[]) {
    this.emitted.push(args);
  }
  /** socket.io's acknowledged emit with a deadline: the test records the deadline with the emit. */
  timeout(ms: number) {
    return { emit: (...args: unknown[]) => this.emitted.push([`timeout ${ms}`, ...args]) };
  }
  connect() {
    this.connected = true;
  }
  disconnect() {
    this.connected = false;
  }
  /** What the server side makes happen. */
  fire(event: string, ...args: unknown[]) {
    this.handlers.get(event)?.forEach((handler) => handler(...args));
  }
  fireManager(event: string, ...args: unknown[]) {
    this.managerHandlers.get(event)?.forEach((handler) => handler(...args));
  }
  fireServerEvent(name: string, ...args: unknown[]) {
    this.anyHandlers.forEach((handler) => handler(name, ...args));
  }
  get listenerCount() {
    return this.handlers.size + this.managerHandlers.size + this.anyHandlers.length;
  }
}

const sockets = vi.hoisted(() => [] as FakeSocket[]);
vi.mock('socket.io-client', () => ({
  io: (options: Record<string, unknown>) => {
    const socket = new FakeSocket(options);
    sockets.push(socket);
    return socket;
  },
}));

const { connectSocket } = await import('../../src/effects/socket');

function open(player?: { id: string; name: string; avatar: string | null }) {
  let token: string | null = 'jwt-1';
  const connection = connectSocket({ token: () => token, player });
  const socket = sockets.at(-1)!;
  const facts: SocketFact[] = [];
  let completed = false;
  connection.events$.subscribe({ next: (fact) => facts.push(fact), complete: () => (completed = true) });
  return {
    connection,
    socket,
    facts,
    setToken: (next: string | null) => (token = next),
    completed: () => completed,
  };
}

describe('connectSocket', () => {
  it('connects under the app path with the spec reconnection settings', () => {
    const { socket } = open();
    expect(socket.connected).toBe(true);
    expect(socket.options).toMatchObject({
      path: '/shatteredrealms/socket.io/',
      transports: ['polling', 'websocket'],
      withCredentials: true,
      reconnection: true,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      reconnectionAttempts: Infinity,
      timeout: 20_000,
    });
  });

  it('reads the token afresh on every handshake', () => {
    const { socket, setToken } = open();
    const handshake = socket.options.auth as (send: (data: object) => void) => void;
    const sent: object[] = [];
    handshake((data) => sent.push(data));
    setToken('jwt-2');
    handshake((data) => sent.push(data));
    expect(sent).toEqual([{ token: 'jwt-1' }, { token: 'jwt-2' }]);
  });

  it('announces the player on every connection', () => {
    const { socket, facts } = open({ id: 'p-1', name: 'Ana', avatar: null });
    socket.fire('connect');
    socket.fire('connect');
    expect(socket.emitted).toEqual([
      ['playerConnected', { id: 'p-1', name: 'Ana', avatar: null, socketId: 'socket-1' }],
      ['playerConnected', { id: 'p-1', name: 'Ana', avatar: null, socketId: 'socket-1' }],
    ]);
    expect(facts).toEqual([{ type: 'socket.connected' }, { type: 'socket.connected' }]);
  });

  it('announces nobody without player info', () => {
    const { socket } = open();
    socket.fire('connect');
    expect(socket.emitted).toEqual([]);
  });

  it("turns socket.io's life into facts", () => {
    const { socket, facts } = open();
    socket.fire('disconnect', 'transport close');
    socket.fireManager('reconnect_attempt', 3);
    socket.fire('connect_error', new Error('xhr poll error'));
    socket.active = false;
    socket.fire('connect_error', new Error('Session invalide ou expirée'));
    socket.fireServerEvent('userStatusChange', { userId: 'u-2', isOnline: true });
    socket.fireServerEvent('pair', 1, 2);
    expect(facts).toEqual([
      { type: 'socket.disconnected', reason: 'transport close' },
      { type: 'socket.reconnecting', attempt: 3 },
      { type: 'socket.error', message: 'xhr poll error' },
      { type: 'socket.refused', message: 'Session invalide ou expirée' },
      { type: 'socket.event', name: 'userStatusChange', payload: { userId: 'u-2', isOnline: true } },
      { type: 'socket.event', name: 'pair', payload: [1, 2] },
    ]);
  });

  it('emits with or without a payload', () => {
    const { connection, socket } = open();
    connection.emit('authenticateUser', { token: 'jwt-2' });
    connection.emit('leaveGame');
    expect(socket.emitted).toEqual([['authenticateUser', { token: 'jwt-2' }], ['leaveGame']]);
  });

  it('emits with an acknowledgement that gives up after 10 s', () => {
    const { connection, socket } = open();
    const ack = vi.fn();
    connection.emit('newMessage', { gameId: 'g-1' }, ack);
    expect(socket.emitted).toEqual([['timeout 10000', 'newMessage', { gameId: 'g-1' }, ack]]);
  });

  it('closes quietly: no listener left, no more facts', () => {
    const { connection, socket, completed } = open();
    connection.close();
    expect(socket.connected).toBe(false);
    expect(socket.listenerCount).toBe(0);
    expect(completed()).toBe(true);
  });
});
