import { describe, expect, it } from 'vitest';
import { tableMessages } from '../../src/domain/table/messages';
import { drivers } from '../helpers/server';
import { MAP, monsterDraft, placeToken, playerDraft, serverLog, serverState } from '../helpers/table';
import { seatedTableForSuite } from '../helpers/table-suite';

describe.each(drivers)('group moves (%s)', (driver) => {
  const { t, p, mj, owner, other } = seatedTableForSuite({ driver });

  it('moves the MJ’s selection in one append, each token clamped, seen by every reader', async () => {
    const aria = await placeToken(t, p.gameId, owner, playerDraft(p.ownerCharacter, { x: 5, y: 5 }));
    const wolf = await placeToken(t, p.gameId, mj, monsterDraft(p, 'Loup', { x: 8, y: 5 }));
    const before = (await serverLog(t, p.gameId)).length;
    expect(
      await mj.send('itemChange', {
        gameId: p.gameId,
        change: {
          type: 'token.moveMany',
          map: MAP,
          moves: [
            { usableId: aria, x: 40, y: 50 },
            { usableId: wolf, x: 120, y: 50 },
          ],
        },
      }),
    ).toEqual({ ok: true });
    const log = await serverLog(t, p.gameId);
    expect(log.slice(before).map((event) => [event.type, event.payload])).toEqual([
      ['token.moved', { map: MAP, usableId: aria, x: 40, y: 50 }],
      // 1,500 px wide: a token a cell wide stops at 95 %. One entry of the MJ's history puts both
      // back (decision 0022), riding on the last move (decision 0043).
      [
        'token.moved',
        {
          map: MAP,
          usableId: wolf,
          x: 95,
          y: 50,
          recorded: expect.objectContaining({
            entry: expect.objectContaining({ label: 'Déplacement de 2 pions' }),
          }),
        },
      ],
    ]);
    await other.reach(log.at(-1)!.seq);
    expect(other.inbox.state.tokens[MAP]?.[wolf]).toMatchObject({ x: 95, y: 50 });
  });

  /** Aria's token and the wolf's, as the server holds them. */
  async function ariaAndWolf() {
    const tokens = Object.values((await serverState(t, p.gameId)).tokens[MAP] ?? {});
    return {
      aria: tokens.find((token) => token.itemId === p.ownerCharacter)!,
      wolf: tokens.find((token) => !token.isPlayer)!,
    };
  }

  it('refuses a player’s group naming a token not theirs, whole: nothing moves', async () => {
    const { aria, wolf } = await ariaAndWolf();
    const before = (await serverLog(t, p.gameId)).length;
    expect(
      await owner.send('itemChange', {
        gameId: p.gameId,
        change: {
          type: 'token.moveMany',
          map: MAP,
          moves: [
            { usableId: aria.usableId, x: 1, y: 1 },
            { usableId: wolf.usableId, x: 2, y: 2 },
          ],
        },
      }),
    ).toEqual({ ok: false, error: tableMessages.notYourToken });
    expect(
      await owner.send('itemChange', {
        gameId: p.gameId,
        change: { type: 'token.moveMany', map: MAP, moves: [{ usableId: aria.usableId, x: 1, y: 1 }] },
      }),
    ).toEqual({ ok: true });
    const log = await serverLog(t, p.gameId);
    expect(log.slice(before).map((event) => event.payload)).toEqual([
      {
        map: MAP,
        usableId: aria.usableId,
        x: 1,
        y: 1,
        recorded: expect.objectContaining({ by: p.owner.userId }),
      },
    ]);
  });

  it('lands a group asked with `snap` on the grid, in its shape', async () => {
    const { aria, wolf } = await ariaAndWolf();
    const before = (await serverLog(t, p.gameId)).length;
    expect(
      await mj.send('itemChange', {
        gameId: p.gameId,
        change: {
          type: 'token.moveMany',
          map: MAP,
          moves: [
            { usableId: aria.usableId, x: 11, y: 11 },
            { usableId: wolf.usableId, x: 22, y: 27 },
          ],
          snap: true,
        },
      }),
    ).toEqual({ ok: true });
    const log = await serverLog(t, p.gameId);
    // 75 px cells on 1,500 × 1,000: Aria on the cell (2, 1), the wolf two cells on each way.
    const moved = log.slice(before).filter((event) => event.type === 'token.moved');
    expect(moved.map((event) => event.payload)).toEqual([
      { map: MAP, usableId: aria.usableId, x: 10, y: 7.5 },
      { map: MAP, usableId: wolf.usableId, x: 20, y: 22.5, recorded: expect.anything() },
    ]);
  });
});
