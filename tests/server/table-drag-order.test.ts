import type { Socket as TcpSocket } from 'node:net';
import type { Socket } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import { envelopesOf, type ItemDragging, type TableMessage } from '../../src/api/schemas/table';
import { drivers } from '../helpers/server';
import { MAP, monsterDraft, placeToken } from '../helpers/table';
import { seatedTableForSuite } from '../helpers/table-suite';

/** The TCP connection under a client's WebSocket: held corked, what the client sends leaves in one write. */
function tcpOf(client: Socket): TcpSocket {
  return (client.io.engine.transport as unknown as { ws: { _socket: TcpSocket } }).ws._socket;
}

describe.each(drivers)('a drag and its drop (%s)', (driver) => {
  const { t, p, mj, other } = seatedTableForSuite({ driver });

  it('reach the others in the order sent, even read by the server in one go', async () => {
    const wolf = await placeToken(t, p.gameId, mj, monsterDraft(p, 'Loup', { x: 8, y: 5 }));
    const heard: string[] = [];
    other.socket.on('itemDragging', (drag: ItemDragging) => heard.push(`drag to ${drag.x}`));
    other.socket.on('itemUpdate', (message: TableMessage) => {
      for (const event of envelopesOf(message))
        if (event.type === 'token.moved') heard.push(`drop at ${event.payload.x}`);
    });
    // A finger's last move and its lift, as a phone sends them: one after the other, arriving together.
    const tcp = tcpOf(mj.socket);
    tcp.cork();
    mj.socket.emit('itemDrag', { gameId: p.gameId, map: MAP, usableId: wolf, x: 30, y: 5 });
    const dropped = mj.send('itemChange', {
      gameId: p.gameId,
      change: { type: 'token.move', map: MAP, usableId: wolf, x: 40, y: 5 },
    });
    // The client hands the second packet to its WebSocket a turn after the first.
    await new Promise((resolve) => setTimeout(resolve, 50));
    tcp.uncork();
    expect(await dropped).toEqual({ ok: true });
    await vi.waitFor(() => expect(heard).toContain('drop at 40'));
    expect(heard).toEqual(['drag to 30', 'drop at 40']);
  });
});
