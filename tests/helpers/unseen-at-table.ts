import { expect, vi } from 'vitest';
import type { GameMessagesAnswer, TablePinged } from '../../src/api/schemas/table';
import type { TestServer } from './server';
import { heardOn, MAP, type TableClient } from './table';

interface Seat {
  client: TableClient;
  token: string;
}

const chatAfter = async (t: TestServer, gameId: string, from: number, token: string) =>
  (
    await t.api<GameMessagesAnswer>('GET', `/message?gameId=${gameId}&limit=200`, undefined, token)
  ).body.filter((event) => event.seq > from);

/**
 * An attack made after `from` by a creature `player` cannot see: its lines are in the MJ's chat
 * history and nowhere in theirs, neither heard nor read back.
 */
export async function expectAttackUnseen(
  t: TestServer,
  gameId: string,
  from: number,
  player: Seat,
  mjToken: string,
) {
  const heard = player.client.heard.filter((event) => event.seq > from).map((event) => event.type);
  expect(heard.filter((type) => type === 'attack.performed' || type === 'dice.rolled')).toEqual([]);
  expect(await chatAfter(t, gameId, from, player.token)).toEqual([]);
  expect((await chatAfter(t, gameId, from, mjToken)).length).toBeGreaterThan(0);
}

/**
 * `pinger` pings where `player` cannot see, then where they can: the managers hear both, the player
 * the second alone.
 */
export async function expectPingsOnlyWhereSeen(
  gameId: string,
  { pinger, mj, player }: { pinger: TableClient; mj: TableClient; player: TableClient },
  unseen: { x: number; y: number },
  seen: { x: number; y: number },
) {
  const playerPings = heardOn<TablePinged>(player.socket, 'tablePinged');
  const mjPings = heardOn<TablePinged>(mj.socket, 'tablePinged');
  for (const at of [unseen, seen]) {
    expect(await pinger.send('tablePing', { gameId, map: MAP, at })).toEqual({ ok: true });
  }
  await vi.waitFor(() => expect(mjPings).toHaveLength(2));
  await vi.waitFor(() => expect(playerPings.map((ping) => ping.at)).toEqual([seen]));
}
