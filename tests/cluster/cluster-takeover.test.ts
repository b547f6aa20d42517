/**
 * A game's owner killed while nobody plays (docs/live-table.md "Owners", "Taking over"). The owner
 * logs every 2 s here, so a line it emitted waits in its memory long enough to be killed with it:
 * the clients of the other process heard the line through Redis, the log never got it. Nobody
 * plays after the kill, yet the surviving process takes the game over and tells its readers, and
 * every copy comes back to the log. A command whose answer was lost with its process, sent again
 * under its id to the process that took the game over, is answered as done and not done twice.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applyEvents, emptyTable } from '../../src/domain/table/reducer';
import type { TableActor, TableEvent } from '../../src/domain/table/types';
import { visibleTo } from '../../src/domain/table/visibility';
import { tableHeads } from '../../server/db/schema/index';
import { apiParty } from '../helpers/api-party';
import { clusterSuite } from '../helpers/cluster';
import { joined, serverLog } from '../helpers/table';
import { catchUpWhenBehind, reconnectingSocket, seatedParty, until, type Seat } from '../helpers/table-play';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('a game whose owner dies while nobody plays', () => {
  const suite = clusterSuite(root, { TABLE_COMMIT_EVERY_MS: '2000' });

  const onProcess = (index: 0 | 1) => async (token: string) => {
    const socket = await reconnectingSocket(suite.cluster.servers[index].url, token);
    suite.sockets.push(socket);
    return socket;
  };
  const ownerOf = async (gameId: string) =>
    (
      await suite.database.db
        .select()
        .from(tableHeads)
        .where(sql`${tableHeads.gameId} = ${gameId}`)
    )[0]!;
  const line = (gameId: string, text: string, commandId?: string) => ({
    gameId,
    content: { kind: 'text', text },
    ...(commandId ? { commandId } : {}),
  });
  /** Asks `condition` every 20 ms until it holds; past `withinMs`, fails saying `why`. */
  async function polled(condition: () => Promise<boolean>, withinMs: number, why: () => string) {
    const deadline = Date.now() + withinMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(why());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const chatLines = (log: TableEvent[]) =>
    log.flatMap((event) => (event.type === 'chat.posted' ? [event.payload.message] : []));

  /**
   * A party on process a, its MJ playing there (a takes the game with the set-up), and every
   * reader that stays on process b: the players and a second tab of the MJ.
   */
  async function partyHeldByA(name: string) {
    const party = await apiParty(suite.cluster.servers[0].url, name, 2);
    let opened = 0;
    // The MJ first, on a; the players after, on b.
    const table = await seatedParty(suite.cluster.servers[0].url, party, (token) =>
      onProcess(opened++ === 0 ? 0 : 1)(token),
    );
    const mjOnB = await joined({ socket: onProcess(1) }, party.mj, party.gameId);
    const mjActor: TableActor = { userId: party.mj.userId, role: 'mj', characterIds: [] };
    catchUpWhenBehind(mjOnB, 'mj on b', table.trouble);
    const readersOnB: Seat[] = [[mjOnB, mjActor, 'mj on b'], ...table.seats.slice(1)];
    return { party, table, readersOnB };
  }

  it('takes the game over and brings every copy back to the log, nobody playing', async () => {
    const { party, table, readersOnB } = await partyHeldByA('Reprise sans joueur');
    const { mj, trouble } = table;
    expect(await mj.send('newMessage', line(party.gameId, 'Avant'))).toEqual({ ok: true });
    const head = (await serverLog(suite, party.gameId)).length;
    const { owner, epoch } = await ownerOf(party.gameId);

    // Emitted at once, logged only at a's next statement, two seconds after the one before.
    void mj.send('newMessage', line(party.gameId, 'Fantôme')).catch(() => undefined);
    await until(
      () => readersOnB.every(([client]) => client.inbox.state.lastSeq === head + 1),
      'the line heard on b',
      trouble,
    );
    await suite.cluster.kill(0);
    mj.socket.disconnect();
    expect(chatLines(await serverLog(suite, party.gameId))).toEqual(['Avant']);

    // Nobody plays from here on. b takes the game over on its own…
    let taken = await ownerOf(party.gameId);
    await polled(
      async () => (taken = await ownerOf(party.gameId)).owner !== owner,
      5_000,
      () => 'nobody took it',
    );
    // …and within a second every copy on b is the log's.
    let log: TableEvent[] = [];
    await polled(
      async () => {
        log = await serverLog(suite, party.gameId);
        const { state } = applyEvents(emptyTable, log);
        return readersOnB.every(([client, actor]) =>
          isDeepStrictEqual(client.inbox.state, visibleTo(state, actor)),
        );
      },
      1_000,
      () =>
        `copies still differ from the log of ${log.length} a second after the takeover: ` +
        readersOnB.map(([client, , name]) => `${name} at ${client.inbox.state.lastSeq}`).join(', '),
    );
    expect(chatLines(log)).toEqual(['Avant']);
    expect(taken.epoch).toBe(epoch + 1);
  });

  it('answers a command sent again under its id, after a takeover, as done, without doing it twice', async () => {
    await suite.cluster.restart(0);
    const party = await apiParty(suite.cluster.servers[1].url, 'Reprise et relance', 1);
    const [player] = party.players;
    const mjOnB = await joined({ socket: onProcess(1) }, party.mj, party.gameId);
    const playerOnA = await joined({ socket: onProcess(0) }, player!, party.gameId);
    // b holds the game: the MJ's first line there takes it.
    expect(await mjOnB.send('newMessage', line(party.gameId, 'Bienvenue'))).toEqual({ ok: true });
    const roll = {
      gameId: party.gameId,
      playerId: player!.characterId,
      content: { kind: 'roll', dice: { count: 1, sides: 20, bonus: 0 } },
      commandId: randomUUID(),
    };
    // Handed over to b and logged there; say its answer was lost with b.
    expect(await playerOnA.send('newMessage', roll)).toEqual({ ok: true });
    await suite.cluster.kill(1);
    mjOnB.socket.disconnect();

    expect(await playerOnA.send('newMessage', roll)).toEqual({ ok: true });
    const log = await serverLog(suite, party.gameId);
    expect(log.filter((event) => event.type === 'dice.rolled')).toHaveLength(1);
  });
});
