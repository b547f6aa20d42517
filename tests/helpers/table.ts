import type { Socket } from 'socket.io-client';
import { expect, vi } from 'vitest';
import type { SocketAck } from '../../src/api/schemas/realtime';
import { envelopesOf } from '../../src/api/schemas/table';
import { catchUp, inboxOf, missingSeq, receive, type Inbox } from '../../src/domain/table/inbox';
import { applyEvents, emptyTable, type TableSnapshot } from '../../src/domain/table/reducer';
import type { MapToken, TableActor, TableEvent, TableState } from '../../src/domain/table/types';
import { eventsAfter } from '../../server/modules/table/log/reads';
import { gameInvitations } from '../../server/db/schema/index';
import { insertAcceptedPlayer, insertCharacter, insertGame, insertResource } from './game-fixtures';
import type { RegisteredUser, TestServer } from './server';

/** The socket events every logged event arrives under (`socketEventOf`). */
export const TABLE_EVENT_NAMES = ['mapUpdate', 'itemUpdate', 'turnOrderUpdate', 'broadcastMessage'] as const;

export const MAP = 'Forêt';
/** The maps every party's game has; the MJ opens MAP for everyone at the start. */
export const MAP_NAMES = [MAP, 'Crypte', 'Secret'] as const;
/** Its picture's size as the MJ's browser reports it: 20 × 13 cells. */
export const MAP_SIZE = { width: 1500, height: 1000 };
/** The bestiary every party's game has (HP 12, AC 12, attack +2, 1d6). */
export const MONSTER_NAMES = ['Loup', 'Ombre', 'Gobelin', 'Spectre', 'Liche'] as const;

export const emitWithAck = <T = SocketAck>(socket: Socket, event: string, payload: unknown) =>
  socket.timeout(10_000).emitWithAck(event, payload) as Promise<T>;

/**
 * An MJ, two players with a character each, a kicked player and an outsider, at one game with its
 * maps and bestiary; MAP is open for everyone.
 */
export async function tableParty(t: TestServer) {
  const [mj, owner, other, kicked, outsider] = await t.registerMany(5);
  const { db } = t.database;
  const gameId = await insertGame(db, mj.userId);
  await insertAcceptedPlayer(db, gameId, mj.userId, owner.userId);
  await insertAcceptedPlayer(db, gameId, mj.userId, other.userId);
  await db
    .insert(gameInvitations)
    .values({ gameId, fromUserId: mj.userId, toUserId: kicked.userId, status: 'kicked' });
  const ownerCharacter = await insertCharacter(db, { userId: owner.userId, gameId, name: 'Aria' });
  const otherCharacter = await insertCharacter(db, { userId: other.userId, gameId, name: 'Borin' });
  const maps = Object.fromEntries(
    await Promise.all(
      MAP_NAMES.map(
        async (name) =>
          [
            name,
            await insertResource(db, gameId, 'map', name, { link: `https://cartes.example/${name}.png` }),
          ] as const,
      ),
    ),
  ) as Record<(typeof MAP_NAMES)[number], string>;
  const monsters = Object.fromEntries(
    await Promise.all(
      MONSTER_NAMES.map(
        async (name) =>
          [
            name,
            await insertResource(db, gameId, 'monster', name, {
              HP: 12,
              AC: 12,
              attackBonus: 2,
              damage: '1d6',
            }),
          ] as const,
      ),
    ),
  ) as Record<(typeof MONSTER_NAMES)[number], string>;
  const actors = {
    mj: { userId: mj.userId, role: 'mj', characterIds: [] } as TableActor,
    owner: { userId: owner.userId, role: 'player', characterIds: [ownerCharacter] } as TableActor,
    other: { userId: other.userId, role: 'player', characterIds: [otherCharacter] } as TableActor,
  };
  const opener = await t.socket(mj.token);
  const opened = await emitWithAck(opener, 'mapChange', {
    gameId,
    map: { id: maps[MAP], ...MAP_SIZE },
    bringPlayers: true,
  });
  opener.close();
  if (!opened.ok) throw new Error(`the MJ could not open ${MAP}: ${opened.error}`);
  return {
    gameId,
    mj,
    owner,
    other,
    kicked,
    outsider,
    ownerCharacter,
    otherCharacter,
    maps,
    monsters,
    actors,
  };
}
export type TableParty = Awaited<ReturnType<typeof tableParty>>;

/** What placing a token sends: which one and where, hidden by the MJ or not. */
export interface TokenIntent {
  itemId: string;
  isPlayer: boolean;
  x: number;
  y: number;
  hidden?: boolean;
}

export function playerDraft(characterId: string, over: Partial<TokenIntent> = {}): TokenIntent {
  return { itemId: characterId, isPlayer: true, x: 10, y: 10, ...over };
}

export function monsterDraft(
  party: { monsters: Partial<Record<(typeof MONSTER_NAMES)[number], string>> },
  name: (typeof MONSTER_NAMES)[number],
  over: Partial<TokenIntent> = {},
): TokenIntent {
  const itemId = party.monsters[name];
  if (!itemId) throw new Error(`no stored monster ${name}`);
  return { itemId, isPlayer: false, x: 10, y: 10, ...over };
}

/** Every payload the socket hears under that name, from now on. */
export function heardOn<T>(socket: Socket, name: string): T[] {
  const heard: T[] = [];
  socket.on(name, (payload: T) => heard.push(payload));
  return heard;
}

/** The `mapChange` choosing one of the party's maps. */
export function mapChoice(party: Pick<TableParty, 'maps'>, name: (typeof MAP_NAMES)[number]) {
  return { id: party.maps[name], ...MAP_SIZE };
}

/**
 * A server's database, and its table to flush when it still runs; a database alone (its server
 * gone) is read as it is.
 */
type LogSource = Pick<TestServer, 'database'> & Partial<Pick<TestServer, 'flushTable'>>;

/**
 * The server's truth: the whole log of the game, read from its database once everything answered
 * is in it. PGlite's sole writer answers a command once journaled and logs it behind; PostgreSQL's
 * owners answer once logged, and a test may read the log before (table-owners.test.ts).
 */
export async function serverLog(t: LogSource, gameId: string): Promise<TableEvent[]> {
  if (t.database.driver === 'pglite') await t.flushTable?.(gameId);
  return eventsAfter(t.database.db, gameId, 0);
}

export async function serverState(t: LogSource, gameId: string): Promise<TableState> {
  const folded = applyEvents(emptyTable, await serverLog(t, gameId));
  if (folded.gapAt !== null || folded.rejected.length > 0) throw new Error('the log does not fold');
  return folded.state;
}

/** The token of `itemId` on the map, as the server holds it. */
export async function tokenOf(t: TestServer, gameId: string, itemId: string, map = MAP): Promise<MapToken> {
  const token = Object.values((await serverState(t, gameId)).tokens[map] ?? {}).find(
    (candidate) => candidate.itemId === itemId,
  );
  if (!token) throw new Error(`no token of ${itemId} on ${map}`);
  return token;
}

/** `client` places a token on the map, which the server must accept; the token's usableId. */
export async function placeToken(
  t: TestServer,
  gameId: string,
  client: Pick<TableClient, 'send'>,
  intent: TokenIntent,
  map = MAP,
): Promise<string> {
  expect(
    await client.send('itemChange', { gameId, change: { type: 'token.place', map, ...intent } }),
  ).toEqual({
    ok: true,
  });
  return (await tokenOf(t, gameId, intent.itemId, map)).usableId;
}

/**
 * A client at the table as the real one is: every event it hears goes into its Inbox, and it
 * catches up (`tableCatchUp` from its last seq) until no hole remains.
 */
export interface TableClient {
  socket: Socket;
  inbox: Inbox;
  /** Every event this client was given, live or in a catch-up answer, in arrival order. */
  heard: TableEvent[];
  /** The seq of every snapshot a catch-up answer gave it. */
  snapshots: number[];
  /** How many catch-up answers told it to start again (it held events never logged). */
  resets: number;
  send(event: string, payload: unknown): Promise<SocketAck>;
  catchUp(): Promise<void>;
  /** Waits until its copy reached `seq`. */
  reach(seq: number): Promise<void>;
}

export async function seat(
  t: Pick<TestServer, 'socket'>,
  user: Pick<RegisteredUser, 'token'>,
  gameId: string,
  inbox: Inbox = inboxOf(emptyTable),
): Promise<TableClient> {
  const socket = await t.socket(user.token);
  const client: TableClient = {
    socket,
    inbox,
    heard: [],
    snapshots: [],
    resets: 0,
    send: (event, payload) => emitWithAck(socket, event, payload),
    async catchUp() {
      for (;;) {
        const answer = await emitWithAck<
          SocketAck & {
            snapshot?: TableSnapshot | null;
            events?: TableEvent[];
            reset?: boolean;
            epoch?: number;
          }
        >(socket, 'tableCatchUp', {
          gameId,
          afterSeq: client.inbox.state.lastSeq,
          epoch: client.inbox.epoch,
        });
        if (!answer.ok) throw new Error(answer.error);
        if (answer.snapshot) client.snapshots.push(answer.snapshot.seq);
        if (answer.reset) client.resets += 1;
        client.heard.push(...(answer.events ?? []));
        client.inbox = catchUp(client.inbox, {
          snapshot: answer.snapshot,
          events: answer.events ?? [],
          reset: answer.reset,
          epoch: answer.epoch,
        });
        if (missingSeq(client.inbox) === null) return;
      }
    },
    reach: (seq) =>
      vi.waitFor(() => {
        if (client.inbox.state.lastSeq < seq)
          throw new Error(`at ${client.inbox.state.lastSeq}, waiting for ${seq}`);
      }),
  };
  for (const name of TABLE_EVENT_NAMES) {
    socket.on(name, (message: TableEvent | TableEvent[]) => {
      for (const event of envelopesOf(message)) {
        client.heard.push(event);
        client.inbox = receive(client.inbox, event);
      }
    });
  }
  return client;
}

/** A seated client that caught up. */
export async function joined(
  t: Pick<TestServer, 'socket'>,
  user: Pick<RegisteredUser, 'token'>,
  gameId: string,
): Promise<TableClient> {
  const client = await seat(t, user, gameId);
  await client.catchUp();
  return client;
}

/** The party's MJ, owner and other player, each seated and caught up. */
export function joinedParty(
  t: Pick<TestServer, 'socket'>,
  party: Pick<TableParty, 'mj' | 'owner' | 'other' | 'gameId'>,
): Promise<[TableClient, TableClient, TableClient]> {
  return Promise.all([
    joined(t, party.mj, party.gameId),
    joined(t, party.owner, party.gameId),
    joined(t, party.other, party.gameId),
  ]);
}

/**
 * Sends a chat line as `speaker`'s user (a player speaks as their character) and waits until every
 * reader holds it; answers its seq.
 */
export async function sayAtTable(
  t: TestServer,
  gameId: string,
  speaker: TableClient,
  content: unknown,
  playerId: string | null,
  readers: readonly TableClient[],
): Promise<number> {
  expect(await speaker.send('newMessage', { gameId, playerId, content })).toEqual({ ok: true });
  const { lastSeq } = await serverState(t, gameId);
  for (const reader of readers) await reader.reach(lastSeq);
  return lastSeq;
}
