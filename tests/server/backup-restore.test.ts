/**
 * Backups that restore (decision 0038): a game played through the real server — moves, a fight,
 * chat — is backed up mid-play through `GET /operations/backup` while group moves keep arriving,
 * restored into a fresh database of the other kind, and a server started on it finds every table's
 * fold as each reader may see it, every sheet and every chat page as they were at the cut; a
 * second backup of the restored database equals the first table by table. The cut holds every
 * command answered before the backup was asked for, and each group move whole or not at all.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup, RestoreError } from '../../server/db/backup/restore-backup';
import { linesOfBackupFile } from '../../server/db/backup/backup-file';
import { openDatabase, type Database } from '../../server/db/client';
import { applyEvents, emptyTable } from '../../src/domain/table/reducer';
import { visibleTo } from '../../src/domain/table/visibility';
import type { TableEvent } from '../../src/domain/table/types';
import { apiParty } from '../helpers/api-party';
import { downloadBackup, readBackup } from '../helpers/backup-file';
import { createThrowAwayDatabase, startTestServer, type Driver, type TestServer } from '../helpers/server';
import { seedPgliteDataDir } from '../helpers/server-pglite-template';
import { joined, MAP, serverLog } from '../helpers/table';
import { reconnectingSocket, seatedParty, until, type Seat } from '../helpers/table-play';

const BACKUP_TOKEN = randomBytes(24).toString('hex');
const kinds: Array<[Driver, Driver]> = process.env.DATABASE_URL
  ? [
      ['pglite', 'postgres'],
      ['postgres', 'pglite'],
    ]
  : [['pglite', 'pglite']];

/** A fresh empty database of `kind` to restore into, and how to open it. */
async function emptyDatabase(kind: Driver, dir: string) {
  const throwAway = kind === 'postgres' ? await createThrowAwayDatabase() : undefined;
  const config = {
    databaseUrl: throwAway?.url,
    dataDir: join(dir, `restored-${randomBytes(4).toString('hex')}`),
  };
  // An empty PGlite from the suites' template: creating a cluster costs seconds the test need not spend.
  if (!throwAway) await seedPgliteDataDir(config);
  return {
    env: { DATABASE_URL: throwAway?.url ?? '' },
    open: (options: Parameters<typeof openDatabase>[1] = {}) => openDatabase(config, options),
    drop: async () => throwAway?.drop(),
  };
}

/** Lines of the game's chat as `token` reads them, every page before `before`. */
async function chatPages(t: TestServer, gameId: string, token: string, before: number): Promise<unknown[]> {
  const pages: unknown[] = [];
  for (let cursor = before; ;) {
    const page = await t.api<TableEvent[]>(
      'GET',
      `/message?gameId=${gameId}&before=${cursor}&limit=20`,
      undefined,
      token,
    );
    expect(page.status).toBe(200);
    if (page.body.length === 0) return pages;
    pages.push(page.body);
    cursor = Math.min(...page.body.map((event) => event.seq));
  }
}

describe.each(kinds)('a backup of %s restored into %s', (from, to) => {
  let dir: string;
  const closing: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sr-backup-'));
  });
  afterAll(async () => {
    for (const close of closing.reverse()) await close();
    await rm(dir, { recursive: true, force: true });
  });

  it(
    'restores every table equal, cut between two commands, with every answered one',
    { timeout: 120_000 },
    async () => {
      const source = await startTestServer({ driver: from, env: { BACKUP_TOKEN } });
      closing.push(() => source.close());
      const party = await apiParty(source.url, 'Sauvegarde', 2);
      const seated = await seatedParty(source.url, party, (token) => reconnectingSocket(source.url, token));
      const { mj, players, seats, monsterTokens } = seated;
      closing.push(async () => seats.forEach(([client]) => client.socket.disconnect()));
      const heroes = party.players.map((player) => seated.playerToken(player));

      // A fight, then chat.
      expect(
        await players[0]!.send('attack', {
          gameId: party.gameId,
          map: MAP,
          attackerId: heroes[0],
          attack: { kind: 'simple' },
          targetId: monsterTokens[0],
        }),
      ).toEqual({ ok: true });
      for (const [i, player] of players.entries()) {
        expect(
          await player.send('newMessage', {
            gameId: party.gameId,
            playerId: party.players[i]!.characterId,
            content: { kind: 'text', text: `Je suis ${i}` },
          }),
        ).toEqual({ ok: true });
      }

      // The MJ moves every token together, command after command, each to a place of its own.
      const tokens = [...heroes, ...monsterTokens];
      const answered: number[] = [];
      let moving = true;
      const mover = (async () => {
        for (let i = 0; moving; i += 1) {
          const ack = await mj.send('itemChange', {
            gameId: party.gameId,
            change: {
              type: 'token.moveMany',
              map: MAP,
              moves: tokens.map((usableId, k) => ({
                usableId,
                x: 10 + (i % 50) + k,
                y: 10 + Math.floor(i / 50),
              })),
            },
          });
          expect(ack).toEqual({ ok: true });
          answered.push(i);
        }
      })();
      await until(() => answered.length >= 10, 'moves before the backup', seated.trouble);
      const answeredBefore = answered.length;
      const file = join(dir, 'source.ndjson.gz');
      await downloadBackup(source.baseUrl, BACKUP_TOKEN, file);
      const answeredDuring = answered.length;
      await until(() => answered.length >= answeredDuring + 5, 'moves after the backup', seated.trouble);
      moving = false;
      await mover;

      const backup = await readBackup(file);
      expect(backup.manifest.source).toBe(from);
      const loggedRows = backup.rows.get('table_events')!.filter((row) => row.game_id === party.gameId);
      const head = loggedRows.length;
      // The cut: gapless, the head row agrees, and each group move is in it whole or not at all.
      expect(loggedRows.map((row) => row.seq)).toEqual(Array.from({ length: head }, (_, i) => i + 1));
      expect(backup.rows.get('table_heads')!.find((row) => row.game_id === party.gameId)!.seq).toBe(head);
      const groups = new Map<string, number>();
      for (const row of loggedRows.filter((event) => event.type === 'token.moved')) {
        const { y } = row.payload as { y: number };
        const key = `${(row.payload as { x: number }).x - tokens.indexOf((row.payload as { usableId: string }).usableId)},${y}`;
        groups.set(key, (groups.get(key) ?? 0) + 1);
      }
      expect([...groups.values()].filter((count) => count !== tokens.length)).toEqual([]);
      // Every command answered before the backup was asked for is in it; the ones after are not all.
      expect(groups.size).toBeGreaterThanOrEqual(answeredBefore);
      expect(groups.size).toBeLessThan(answered.length);

      const target = await emptyDatabase(to, dir);
      closing.push(target.drop);
      await restoreBackup(linesOfBackupFile(file), target.open);
      const restoredDatabase: Database = await target.open();
      closing.push(() => restoredDatabase.close());
      const restored = await startTestServer({
        database: restoredDatabase,
        env: { ...target.env, BACKUP_TOKEN, JWT_SECRET: source.config.jwtSecret! },
      });
      closing.push(() => restored.close());

      // Every table equal: the restored database backs up to the same rows.
      const again = join(dir, 'restored.ndjson.gz');
      await downloadBackup(restored.baseUrl, BACKUP_TOKEN, again);
      const second = await readBackup(again);
      const moving_ = (name: string) => name !== 'monitoring_processes';
      expect(second.manifest.tables.filter(({ name }) => moving_(name))).toEqual(
        backup.manifest.tables.filter(({ name }) => moving_(name)),
      );
      for (const { name } of backup.manifest.tables.filter(({ name: table }) => moving_(table))) {
        expect(second.trailer.checksums[name], name).toBe(backup.trailer.checksums[name]);
      }

      // Each reader's fold, sheet and chat pages as the source had them at the cut.
      const sourceLog = await serverLog(source, party.gameId);
      const atCut = applyEvents(emptyTable, sourceLog.slice(0, head)).state;
      const members = [party.mj, ...party.players];
      for (const [i, [, actor, name]] of seats.entries() as IterableIterator<[number, Seat]>) {
        const member = members[i]!;
        const reader = await joined(restored, member, party.gameId);
        closing.push(async () => reader.socket.disconnect());
        expect(reader.inbox.state, name).toEqual(visibleTo(atCut, actor));
        expect(await chatPages(restored, party.gameId, member.token, head + 1), name).toEqual(
          await chatPages(source, party.gameId, member.token, head + 1),
        );
      }
      for (const player of party.players) {
        const sheet = `/players/${player.characterId}/game/${party.gameId}`;
        const [before, after] = await Promise.all([
          source.api('GET', sheet, undefined, player.token),
          restored.api('GET', sheet, undefined, player.token),
        ]);
        expect(after.status).toBe(200);
        expect(after.body).toEqual(before.body);
      }
    },
  );

  it(
    'refuses a database that is not empty, and a file whose rows were changed',
    { timeout: 60_000 },
    async () => {
      const source = await startTestServer({ driver: from, env: { BACKUP_TOKEN } });
      closing.push(() => source.close());
      await source.register();
      expect((await source.api('GET', '/operations/backup')).status).toBe(401);
      const file = join(dir, 'small.ndjson.gz');
      await downloadBackup(source.baseUrl, BACKUP_TOKEN, file);

      // One row changed in the file: refused by its checksum, and nothing of it left behind.
      const tampered = join(dir, 'tampered.ndjson.gz');
      const text = gunzipSync(await readFile(file)).toString('utf8');
      const name = JSON.stringify((await readBackup(file)).rows.get('users')![0]!.display_name);
      await writeFile(tampered, gzipSync(text.replace(name, JSON.stringify('Intrus'))));

      const target = await emptyDatabase(to, dir);
      closing.push(target.drop);
      await expect(restoreBackup(linesOfBackupFile(tampered), target.open)).rejects.toThrow(
        /^Somme de contrôle fausse pour users : le fichier est abîmé, rien n’est restauré\.$/,
      );
      await restoreBackup(linesOfBackupFile(file), target.open);
      const again = restoreBackup(linesOfBackupFile(file), target.open);
      await expect(again).rejects.toBeInstanceOf(RestoreError);
      await expect(again).rejects.toThrow(/^La base de données cible n’est pas vide \(.*users.*\)/);
    },
  );
});
