import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocketAck } from '../../src/api/schemas/realtime';
import { catchUp as foldCatchUp } from '../../src/domain/table/inbox';
import { visibleTo } from '../../src/domain/table/visibility';
import type { TableActor } from '../../src/domain/table/types';
import { CATCH_UP_EVENTS, type CatchUp } from '../../server/modules/table/service';
import {
  drivers,
  sharedDrivers,
  startTestServer,
  type RegisteredUser,
  type TestServer,
} from '../helpers/server';
import { serverForSuite, twoProcessesForSuite, twoProcessesRun } from '../helpers/suite-server';
import {
  emitWithAck,
  joined,
  MAP,
  mapChoice,
  monsterDraft,
  playerDraft,
  seat,
  serverLog,
  serverState,
  tableParty,
  tokenOf,
  type TableClient,
  type TableParty,
} from '../helpers/table';
import { range } from '../helpers/table-play';

/** Each client's copy holds every seq once, in order, and is the table as its actor may see it. */
async function expectInSync(t: TestServer, p: TableParty, clients: Array<[TableClient, TableActor]>) {
  const log = await serverLog(t, p.gameId);
  expect(log.map((event) => event.seq)).toEqual(range(1, log.length));
  const state = await serverState(t, p.gameId);
  for (const [client, actor] of clients) {
    await client.reach(state.lastSeq);
    expect(client.inbox.early).toEqual({});
    expect(client.inbox.rejected).toBe(0);
    expect(client.inbox.state).toEqual(visibleTo(state, actor));
  }
}

/** The MJ places the owner's and the other player's tokens, a visible and a hidden monster. */
async function setUpTokens(t: TestServer, p: TableParty, mj: TableClient) {
  const place = (token: ReturnType<typeof playerDraft>) =>
    mj.send('itemChange', { gameId: p.gameId, change: { type: 'token.place', map: MAP, ...token } });
  await place(playerDraft(p.ownerCharacter));
  await place(playerDraft(p.otherCharacter, { hidden: true }));
  await place(monsterDraft(p, 'Loup'));
  await place(monsterDraft(p, 'Ombre', { hidden: true }));
  await mj.send('mapChange', {
    gameId: p.gameId,
    map: mapChoice(p, MAP),
    bringPlayers: true,
  });
  return {
    owner: (await tokenOf(t, p.gameId, p.ownerCharacter)).usableId,
    other: (await tokenOf(t, p.gameId, p.otherCharacter)).usableId,
    wolf: (await tokenOf(t, p.gameId, p.monsters.Loup)).usableId,
    shadow: (await tokenOf(t, p.gameId, p.monsters.Ombre)).usableId,
  };
}

const move = (p: TableParty, usableId: string, i: number) => ({
  gameId: p.gameId,
  change: { type: 'token.move', map: MAP, usableId, x: (i * 7) % 97, y: (i * 13) % 94 },
});

describe.each(drivers)('table catch-up (%s)', (driver) => {
  const t = serverForSuite({ driver });

  it('gives a cut socket exactly the events it missed, projected for it', async () => {
    const p = await tableParty(t);
    const mj = await joined(t, p.mj, p.gameId);
    const ids = await setUpTokens(t, p, mj);
    const owner = await joined(t, p.owner, p.gameId);
    const lastSeen = owner.inbox.state.lastSeq;
    owner.socket.disconnect();

    for (let i = 0; i < 4; i += 1) await mj.send('itemChange', move(p, i % 2 ? ids.wolf : ids.shadow, i));
    await mj.send('newMessage', {
      gameId: p.gameId,
      content: { kind: 'text', text: 'Vous entendez un bruit.' },
    });
    const head = (await serverState(t, p.gameId)).lastSeq;

    const back = await seat(t, p.owner, p.gameId, owner.inbox);
    const answer = await emitWithAck<CatchUp>(back.socket, 'tableCatchUp', {
      gameId: p.gameId,
      afterSeq: lastSeen,
    });
    expect(answer.snapshot).toBeNull();
    expect(answer.events.map((event) => event.seq)).toEqual(range(lastSeen + 1, head));
    // The hidden monster's two moves arrive as seqs without content; the MJ's history rides on
    // each move (decision 0043) and reaches the player with none of it.
    expect(answer.events.filter((event) => event.type === 'redacted')).toHaveLength(2);
    expect(JSON.stringify(answer.events)).not.toContain('recorded');
    back.inbox = foldCatchUp(back.inbox, answer);
    await expectInSync(t, p, [
      [back, p.actors.owner],
      [mj, p.actors.mj],
    ]);
  });

  it(`sends the table at the log's head to a client more than ${CATCH_UP_EVENTS} events behind`, async () => {
    const p = await tableParty(t);
    const mj = await joined(t, p.mj, p.gameId);
    const ids = await setUpTokens(t, p, mj);
    for (let i = 0; i < CATCH_UP_EVENTS + 10; i += 1) {
      await (i % 10 === 0
        ? t.app.table.postSystemMessage(p.gameId, `Tour ${i}`)
        : mj.send('itemChange', move(p, i % 2 ? ids.wolf : ids.shadow, i)));
    }
    const head = (await serverState(t, p.gameId)).lastSeq;
    const owner = await seat(t, p.owner, p.gameId);
    const answer = await emitWithAck<CatchUp>(owner.socket, 'tableCatchUp', {
      gameId: p.gameId,
      afterSeq: 0,
    });
    expect(answer.snapshot?.seq).toBe(head);
    expect(answer.events).toEqual([]);
    expect(
      Object.values(answer.snapshot?.state.tokens[MAP] ?? {})
        .map((token) => token.name)
        .sort(),
    ).toEqual(['Aria', 'Loup 1']);
    // The snapshot of a player holds the wolf's state, not its HP; the character's HP, yes.
    expect(answer.snapshot?.state.tokens[MAP]?.[ids.wolf]).toMatchObject({
      HP: null,
      currentHP: null,
      health: 'unhurt',
    });
    expect(
      Object.values(answer.snapshot?.state.tokens[MAP] ?? {}).find((token) => token.isPlayer)?.currentHP,
    ).toBeGreaterThan(0);
    await owner.catchUp();
    await expectInSync(t, p, [[owner, p.actors.owner]]);

    // A client a little behind a snapshot still gets events only.
    const near = await emitWithAck<CatchUp>(owner.socket, 'tableCatchUp', {
      gameId: p.gameId,
      afterSeq: head - 20,
    });
    expect(near.snapshot).toBeNull();
    expect(near.events.map((event) => event.seq)).toEqual(range(head - 19, head));
  });

  it.runIf(sharedDrivers.includes(driver))(
    'keeps the seq gapless under many concurrent commands from several sockets on two app instances',
    async () => {
      const p = await tableParty(t);
      const second = await startTestServer({ peerOf: t });
      try {
        const mjA = await joined(t, p.mj, p.gameId);
        const ids = await setUpTokens(t, p, mjA);
        const mjB = await joined(second, p.mj, p.gameId);
        const ownerA = await joined(t, p.owner, p.gameId);
        const ownerB = await joined(second, p.owner, p.gameId);
        const other = await joined(second, p.other, p.gameId);
        const senders: Array<[TableClient, string]> = [
          [mjA, ids.wolf],
          [mjB, ids.shadow],
          [ownerA, ids.owner],
          [ownerB, ids.owner],
          [other, ids.other],
        ];
        const acks = await Promise.all(
          senders.flatMap(([client, usableId]) =>
            range(1, 25).flatMap((i) => [
              client.send('itemChange', move(p, usableId, i)),
              client.send('newMessage', {
                gameId: p.gameId,
                playerId: client === other ? p.otherCharacter : p.ownerCharacter,
                content: { kind: 'roll', dice: { count: 1, sides: 20, bonus: 0 } },
              }),
            ]),
          ),
        );
        expect(acks.every((ack: SocketAck) => ack.ok)).toBe(true);
        const log = await serverLog(t, p.gameId);
        // The party's map opened, the four tokens placed (each followed by the MJ's history of it) and
        // the map shown again; then each drop, its mover's history riding on it, and each roll.
        const drops = acks.length / 2;
        expect(log).toHaveLength(6 + 4 + drops + drops);
        for (const client of [mjA, mjB, ownerA, ownerB, other]) await client.catchUp();
        await expectInSync(t, p, [
          [mjA, p.actors.mj],
          [mjB, p.actors.mj],
          [ownerA, p.actors.owner],
          [ownerB, p.actors.owner],
          [other, p.actors.other],
        ]);
      } finally {
        await second.close();
      }
    },
  );
});

describe.runIf(twoProcessesRun)('table across two processes sharing Redis', () => {
  const [a, b] = twoProcessesForSuite();

  it('delivers every event live to the sockets of both processes, each as its reader may see it', async () => {
    const p = await tableParty(a);
    const mj = await joined(a, p.mj, p.gameId);
    const ids = await setUpTokens(a, p, mj);
    const owner = await joined(b, p.owner, p.gameId);
    const other = await joined(b, p.other, p.gameId);
    await Promise.all(
      range(1, 20).flatMap((i) => [
        mj.send('itemChange', move(p, i % 2 ? ids.shadow : ids.wolf, i)),
        owner.send('itemChange', move(p, ids.owner, i)),
        other.send('itemChange', move(p, ids.other, i)),
      ]),
    );
    // No catch-up: live delivery alone fills every copy.
    await expectInSync(a, p, [
      [mj, p.actors.mj],
      [owner, p.actors.owner],
      [other, p.actors.other],
    ]);
  });
});

describe.each(drivers)('table fault test (%s)', (driver) => {
  let a: TestServer;
  let b: TestServer | undefined;
  beforeAll(async () => {
    a = await startTestServer({ driver });
  });
  afterAll(async () => {
    await b?.close();
    await a.close();
  });

  it('loses and repeats nothing when a socket is cut and the server is stopped and restarted mid-play', async () => {
    const p = await tableParty(a);
    const mj = await joined(a, p.mj, p.gameId);
    const ids = await setUpTokens(a, p, mj);
    const owner = await joined(a, p.owner, p.gameId);
    const other = await joined(a, p.other, p.gameId);
    let sent = 0;
    let acked = 0;

    /** Moves a token until its socket goes away; a command whose ack is lost may or may not be logged. */
    const mover = async (client: TableClient, usableId: string) => {
      for (let i = 0; client.socket.connected; i += 1) {
        sent += 1;
        const ack = await client.socket
          .timeout(3000)
          .emitWithAck('itemChange', move(p, usableId, i))
          .catch(() => null);
        if (ack?.ok) acked += 1;
      }
    };
    const head = async () => (await serverState(a, p.gameId)).lastSeq;
    const until = async (seq: number) => {
      while ((await head()) < seq) await new Promise((resolve) => setTimeout(resolve, 20));
    };

    const moving = [mover(mj, ids.shadow), mover(owner, ids.owner), mover(other, ids.other)];
    const start = await head();
    await until(start + 30);
    owner.socket.disconnect();
    await until(start + 60);
    await a.stop();
    await Promise.all(moving);

    b = await startTestServer({ peerOf: a });
    const server = b;
    const reseated = await Promise.all(
      (
        [
          [mj, p.mj],
          [owner, p.owner],
          [other, p.other],
        ] as Array<[TableClient, RegisteredUser]>
      ).map(async ([client, user]) => {
        const back = await seat(server, user, p.gameId, client.inbox);
        await back.catchUp();
        return back;
      }),
    );
    const [mjBack, ownerBack, otherBack] = reseated as [TableClient, TableClient, TableClient];
    // Play goes on after the restart.
    await Promise.all([
      mjBack.send('itemChange', move(p, ids.wolf, 1)),
      ownerBack.send('itemChange', move(p, ids.owner, 2)),
      otherBack.send('newMessage', {
        gameId: p.gameId,
        playerId: p.otherCharacter,
        content: { kind: 'text', text: 'De retour !' },
      }),
    ]);

    await expectInSync(server, p, [
      [mjBack, p.actors.mj],
      [ownerBack, p.actors.owner],
      [otherBack, p.actors.other],
    ]);
    const moves = (await serverLog(server, p.gameId)).filter((event) => event.type === 'token.moved').length;
    expect(moves).toBeGreaterThanOrEqual(acked + 2);
    expect(moves).toBeLessThanOrEqual(sent + 2);
  });
});
