/**
 * The fan-out baseline, run as its own process like the real server: a bare socket.io server on
 * the same path and transports that relays the table's traffic to the same rooms — no accounts,
 * no checks, no database, no reducer. `tableCatchUp` joins the game's room, `itemChange` answers
 * `{ ok: true }` and emits the envelope the real server would, with a per-game seq and ids of the
 * server's shapes (an account's UUID, a usable id with the token's name): the same bytes to every
 * member, so the two differ by their work, not by their messages' length.
 * Prints `listening <port>` on stdout once it accepts connections.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { SOCKET_PATH } from '../../src/api/paths';
import { newUsableId } from '../../server/modules/table/decide-intent';

interface Change {
  type: string;
  map: string;
  usableId?: string;
  itemId?: string;
  isPlayer?: boolean;
  x: number;
  y: number;
}

const httpServer = createServer();
const io = new Server(httpServer, {
  path: SOCKET_PATH,
  transports: ['polling', 'websocket'],
  serveClient: false,
});
const seqs = new Map<string, number>();

function emit(gameId: string, userId: string, type: string, payload: Record<string, unknown>) {
  const seq = (seqs.get(gameId) ?? 0) + 1;
  seqs.set(gameId, seq);
  io.to(`game:${gameId}`).emit('itemUpdate', {
    seq,
    type,
    payload,
    userId,
    createdAt: new Date().toISOString(),
  });
}

io.on('connection', (socket) => {
  // The account the real server reads from the socket's session.
  const userId = randomUUID();
  socket.on('tableCatchUp', async ({ gameId }: { gameId: string }, ack: (answer: unknown) => void) => {
    await socket.join(`game:${gameId}`);
    ack({ ok: true, snapshot: null, events: [] });
  });
  socket.on(
    'itemChange',
    ({ gameId, change }: { gameId: string; change: Change }, ack: (answer: unknown) => void) => {
      if (change.type === 'token.place') {
        // The real server fills the token from its database; the relay, which has none, from the wire.
        const { itemId, isPlayer, x, y } = change;
        const token = {
          itemId,
          isPlayer,
          x,
          y,
          usableId: newUsableId(),
          inTurnOrder: false,
        };
        emit(gameId, userId, 'token.placed', { map: change.map, token });
      } else {
        const { map, usableId, x, y } = change;
        emit(gameId, userId, 'token.moved', { map, usableId, x, y });
      }
      ack({ ok: true });
    },
  );
});

httpServer.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening ${(httpServer.address() as AddressInfo).port}`);
});
process.once('SIGTERM', () => {
  void io.close();
  httpServer.close(() => process.exit(0));
});
