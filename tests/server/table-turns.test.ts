import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../helpers/server';
import {
  joinedParty,
  MAP,
  monsterDraft,
  playerDraft,
  serverState,
  tableParty,
  type TableClient,
  type TableParty,
} from '../helpers/table';

describe.each(drivers)('table turns (%s)', (driver) => {
  let t: TestServer;
  let p: TableParty;
  let mj: TableClient;
  const ok = { ok: true };
  const place = (token: ReturnType<typeof playerDraft>) =>
    mj.send('itemChange', { gameId: p.gameId, change: { type: 'token.place', map: MAP, ...token } });
  const turn = (type: string) => mj.send('turnOrderChange', { gameId: p.gameId, change: { type, map: MAP } });

  beforeAll(async () => {
    t = await startTestServer({ driver });
    p = await tableParty(t);
    [mj] = await joinedParty(t, p);
  });
  afterAll(() => t.close());

  it('numbers monsters from 1 and generates with every token, also those placed after a first order', async () => {
    expect(await place(monsterDraft(p, 'Gobelin'))).toEqual(ok);
    expect(await turn('turnOrder.generate')).toEqual(ok);
    expect(await place(monsterDraft(p, 'Gobelin', { x: 30 }))).toEqual(ok);
    expect(await place(playerDraft(p.ownerCharacter, { x: 50 }))).toEqual(ok);
    expect(await turn('turnOrder.generate')).toEqual(ok);

    const state = await serverState(t, p.gameId);
    const tokens = Object.values(state.tokens[MAP] ?? {});
    expect(tokens.map((token) => token.name).sort()).toEqual(['Aria', 'Gobelin 1', 'Gobelin 2']);
    expect([...(state.turnOrders[MAP] ?? [])].sort()).toEqual(tokens.map((token) => token.usableId).sort());
  });
});
