import type { Socket } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import type { GameInvitation, InvitationMoveResponse } from '../../src/api/schemas/game-invitations';
import { gameIdListNames, type GameData, type GameSummary } from '../../src/api/schemas/games';
import { characters } from '../../server/db/schema/index';
import { drivers, type RegisteredUser } from '../helpers/server';
import { serverForSuite, twoProcessesForSuite, twoProcessesRun } from '../helpers/suite-server';

const emptyLists = Object.fromEntries(gameIdListNames.map((name) => [name, []]));

const nextEvent = <T>(socket: Socket, event: string) =>
  new Promise<T>((resolve) => socket.once(event, (payload: T) => resolve(payload)));

const emitWithAck = (socket: Socket, event: string, payload: unknown) =>
  socket.timeout(5000).emitWithAck(event, payload) as Promise<Record<string, unknown>>;

describe.each(drivers)('games (%s)', (driver) => {
  const t = serverForSuite({ driver });

  async function createGame(mj: RegisteredUser, name = 'La Tour Brisée') {
    const response = await t.api<GameData>('POST', '/game-data', { name, ...emptyLists }, mj.token);
    expect(response.status).toBe(201);
    return response.body;
  }

  /** An MJ, a game, an accepted player, a pending invitee and a stranger. */
  async function table() {
    const [mj, player, invitee, stranger] = await t.registerMany(4);
    const game = await createGame(mj);
    const invite = async (user: RegisteredUser) =>
      (
        await t.api<InvitationMoveResponse>(
          'POST',
          '/game-invitations',
          { gameId: game.id, playerId: user.userId },
          mj.token,
        )
      ).body.invitation;
    const accepted = await invite(player);
    await t.api('POST', `/game-invitations/${accepted.id}/accept`, undefined, player.token);
    const pending = await invite(invitee);
    return { mj, player, invitee, stranger, game, accepted, pending };
  }

  it('creates a game with a short readable code, the MJ and empty lists', async () => {
    const mj = await t.register();
    const game = await createGame(mj, '  Les Royaumes  ');
    expect(game.id).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(game).toMatchObject({
      name: 'Les Royaumes',
      mjUserId: mj.userId,
      mjDisplayName: mj.displayName,
      lastConnectionAt: null,
      lastConnectionFormatted: 'Jamais',
      connectedPlayersCount: 0,
      ...emptyLists,
    });
    const owned = await t.api<GameSummary[]>('GET', '/game-data/owned', undefined, mj.token);
    expect(owned.body.map((g) => g.id)).toEqual([game.id]);
  });

  it('lists the game played last first: a new game does not push the running campaign down', async () => {
    const mj = await t.register();
    const campaign = await createGame(mj, 'La campagne');
    const mjSocket = await t.socket(mj.token);
    await emitWithAck(mjSocket, 'joinGame', { gameId: campaign.id });
    const older = await createGame(mj, 'Une ancienne');
    const fresh = await createGame(mj, 'Toute neuve');
    const owned = await t.api<GameSummary[]>('GET', '/game-data/owned', undefined, mj.token);
    expect(owned.body.map((g) => g.name)).toEqual(['La campagne', 'Toute neuve', 'Une ancienne']);
    expect([older.id, fresh.id]).not.toContain(owned.body[0]?.id);
  });

  it('refuses a blank, too long or non-empty-list game with French texts', async () => {
    const mj = await t.register();
    expect(await t.api('POST', '/game-data', { name: '   ' }, mj.token)).toMatchObject({
      status: 400,
      body: { error: 'Le nom de la partie est requis.' },
    });
    expect(await t.api('POST', '/game-data', { name: 'x'.repeat(61) }, mj.token)).toMatchObject({
      status: 400,
      body: { error: 'Le nom de la partie ne peut pas dépasser 60 caractères.' },
    });
    expect(await t.api('POST', '/game-data', { name: 'Ok', mapIds: ['m1'] }, mj.token)).toMatchObject({
      status: 400,
      body: { error: 'Une nouvelle partie commence sans ressources : les listes doivent être vides.' },
    });
    expect(await t.api('POST', '/game-data', {}, mj.token)).toMatchObject({ status: 400 });
    expect((await t.api('POST', '/game-data', 'not json', mj.token)).status).toBe(400);
  });

  it('authorisation matrix of the game-data routes', async () => {
    const { mj, player, invitee, stranger, game } = await table();
    const who = {
      mj: mj.token,
      player: player.token,
      invitee: invitee.token,
      stranger: stranger.token,
      anonymous: undefined,
    };
    const status = async (method: string, path: string, token: string | undefined) =>
      (await t.api(method, path, undefined, token)).status;

    const expected: Record<string, Record<keyof typeof who, number>> = {
      [`GET /game-data/${game.id}`]: { mj: 200, player: 200, invitee: 403, stranger: 403, anonymous: 401 },
      [`GET /game-data/${game.id}/players`]: {
        mj: 200,
        player: 200,
        invitee: 403,
        stranger: 403,
        anonymous: 401,
      },
      [`DELETE /game-data/${game.id}`]: { mj: 0, player: 403, invitee: 403, stranger: 403, anonymous: 401 },
      [`POST /game-data/${game.id}/leave`]: {
        mj: 400,
        player: 0,
        invitee: 403,
        stranger: 403,
        anonymous: 401,
      },
      'GET /game-data/owned': { mj: 200, player: 200, invitee: 200, stranger: 200, anonymous: 401 },
      'GET /game-data/NOPE2345': { mj: 404, player: 404, invitee: 404, stranger: 404, anonymous: 401 },
    };
    for (const [route, answers] of Object.entries(expected)) {
      const [method, path] = route.split(' ') as [string, string];
      for (const [role, token] of Object.entries(who)) {
        const want = answers[role as keyof typeof who];
        if (want === 0) continue;
        expect({ route, role, status: await status(method, path, token) }).toEqual({
          route,
          role,
          status: want,
        });
      }
    }
    // Only MJ's own games are listed as owned.
    expect((await t.api<GameSummary[]>('GET', '/game-data/owned', undefined, stranger.token)).body).toEqual(
      [],
    );
  });

  it('lists the accepted players and the characters of the game in playerIds', async () => {
    const { mj, player, game } = await table();
    const players = await t.api('GET', `/game-data/${game.id}/players`, undefined, mj.token);
    expect(players.body).toEqual([
      {
        id: player.userId,
        display_name: player.displayName,
        invitationId: expect.any(String),
        atTable: false,
      },
    ]);
    const [character] = await t.database.db
      .insert(characters)
      .values({
        userId: player.userId,
        gameId: game.id,
        name: 'Aelys',
        pv: 10,
        force: 1,
        agilite: 1,
        endurance: 1,
        eloquence: 1,
        sagesse: 1,
        instinct: 1,
        soulEssence: 1,
        defense: 1,
        deplacement: 1,
        skills: {},
      })
      .returning();
    const data = await t.api<GameData>('GET', `/game-data/${game.id}`, undefined, player.token);
    expect(data.body.playerIds).toEqual([character!.id]);
    expect(data.body.mapIds).toEqual([]);
  });

  it('a player who leaves loses the game at once, REST and table', async () => {
    const { mj, player, game } = await table();
    const socket = await t.socket(player.token);
    const mjSocket = await t.socket(mj.token);
    const counted = nextEvent<{ gameId: string; count: number }>(mjSocket, 'gamePlayersUpdate');
    expect(
      await emitWithAck(socket, 'joinGame', { gameId: game.id, playerId: 'x', playerName: 'Aelys' }),
    ).toMatchObject({
      ok: true,
      count: 1,
      players: [{ id: player.userId, displayName: player.displayName }],
    });
    expect(await counted).toEqual({ gameId: game.id, count: 1 });

    const ended = nextEvent(socket, 'gameAccessEnded');
    const emptied = nextEvent<{ count: number }>(mjSocket, 'gamePlayersUpdate');
    expect(await t.api('POST', `/game-data/${game.id}/leave`, undefined, player.token)).toMatchObject({
      status: 200,
      body: { message: 'Vous avez quitté la partie avec succès' },
    });
    expect(await ended).toEqual({ gameId: game.id, reason: 'left' });
    expect(await emptied).toEqual({ gameId: game.id, count: 0 });
    await vi.waitFor(async () =>
      expect(await t.app.realtime.io.in(`game:${game.id}`).fetchSockets()).toHaveLength(0),
    );
    expect((await t.api('GET', `/game-data/${game.id}`, undefined, player.token)).status).toBe(403);
    expect(await emitWithAck(socket, 'joinGame', { gameId: game.id })).toEqual({
      ok: false,
      error: "Vous n'êtes pas autorisé à accéder à cette partie...",
    });
  });

  it('counts players only: the MJ seated at their own table is not one of them', async () => {
    const { mj, player, game } = await table();
    const mjSocket = await t.socket(mj.token);
    const mjCounted = nextEvent<{ count: number }>(mjSocket, 'gamePlayersUpdate');
    await emitWithAck(mjSocket, 'joinGame', { gameId: game.id });
    expect(await mjCounted).toEqual({ gameId: game.id, count: 0 });
    const playerSocket = await t.socket(player.token);
    const playerCounted = nextEvent<{ count: number }>(mjSocket, 'gamePlayersUpdate');
    await emitWithAck(playerSocket, 'joinGame', { gameId: game.id });
    expect(await playerCounted).toEqual({ gameId: game.id, count: 1 });
    const [summary] = (await t.api<GameSummary[]>('GET', '/game-data/owned', undefined, mj.token)).body;
    expect(summary?.connectedPlayersCount).toBe(1);
  });

  it('counts a user with several tabs once, records the last connection and recounts on disconnect', async () => {
    const { mj, player, game } = await table();
    const mjSocket = await t.socket(mj.token);
    const tabs = await Promise.all([t.socket(player.token), t.socket(player.token)]);
    for (const tab of tabs) await emitWithAck(tab, 'joinGame', { gameId: game.id });
    const [summary] = (await t.api<GameSummary[]>('GET', '/game-data/owned', undefined, mj.token)).body;
    expect(summary).toMatchObject({ connectedPlayersCount: 1, lastConnectionAt: expect.any(String) });
    expect(summary!.lastConnectionFormatted).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

    tabs[0]!.disconnect();
    await emitWithAck(tabs[1]!, 'leaveGame', { gameId: game.id });
    await vi.waitFor(async () =>
      expect(
        (await t.api<GameSummary[]>('GET', '/game-data/owned', undefined, mj.token)).body[0],
      ).toMatchObject({
        connectedPlayersCount: 0,
      }),
    );
    expect(mjSocket.connected).toBe(true);
  });

  it('refuses joinGame to strangers and pending invitees, whatever the payload says', async () => {
    const { invitee, stranger, game, mj } = await table();
    for (const user of [invitee, stranger]) {
      const socket = await t.socket(user.token);
      expect(await emitWithAck(socket, 'joinGame', { gameId: game.id, playerId: mj.userId })).toMatchObject({
        ok: false,
      });
    }
    const socket = await t.socket(stranger.token);
    expect(await emitWithAck(socket, 'joinGame', { gameId: 42 })).toMatchObject({ ok: false });
    expect(await emitWithAck(socket, 'joinGame', { gameId: 'NOPE2345' })).toEqual({
      ok: false,
      error: 'Partie non trouvée.',
    });
  });

  it('deleting a game removes what it owns and sends its players away', async () => {
    const { mj, player, invitee, game, accepted } = await table();
    const playerSocket = await t.socket(player.token);
    const inviteeSocket = await t.socket(invitee.token);
    await emitWithAck(playerSocket, 'joinGame', { gameId: game.id });
    const playerTold = nextEvent(playerSocket, 'gameAccessEnded');
    const inviteeTold = nextEvent(inviteeSocket, 'gameAccessEnded');

    expect(await t.api('DELETE', `/game-data/${game.id}`, undefined, mj.token)).toMatchObject({
      status: 200,
      body: { message: 'Partie supprimée avec succès' },
    });
    expect(await playerTold).toEqual({ gameId: game.id, reason: 'deleted' });
    expect(await inviteeTold).toEqual({ gameId: game.id, reason: 'deleted' });
    await vi.waitFor(async () =>
      expect(await t.app.realtime.io.in(`game:${game.id}`).fetchSockets()).toHaveLength(0),
    );
    expect((await t.api('GET', `/game-data/${game.id}`, undefined, mj.token)).status).toBe(404);
    const received = await t.api<GameInvitation[]>('GET', '/game-invitations', undefined, player.token);
    expect(received.body.find((i) => i.id === accepted.id)).toBeUndefined();
    expect((await t.api('DELETE', `/game-data/${game.id}`, undefined, mj.token)).status).toBe(404);
  });
});

describe.runIf(twoProcessesRun)('games across two processes (Redis)', () => {
  const [a, b] = twoProcessesForSuite();

  it('counts players on both processes and a kick on one empties the seat on the other', async () => {
    const [mj, player] = await Promise.all([a.register(), a.register()]);
    const game = (await a.api<GameData>('POST', '/game-data', { name: 'Deux' }, mj.token)).body;
    const invited = await a.api<InvitationMoveResponse>(
      'POST',
      '/game-invitations',
      { gameId: game.id, playerId: player.userId },
      mj.token,
    );
    await a.api('POST', `/game-invitations/${invited.body.invitation.id}/accept`, undefined, player.token);

    const mjSocket = await a.socket(mj.token);
    const playerSocket = await b.socket(player.token);
    const counted = nextEvent<{ count: number }>(mjSocket, 'gamePlayersUpdate');
    await emitWithAck(playerSocket, 'joinGame', { gameId: game.id });
    expect(await counted).toEqual({ gameId: game.id, count: 1 });
    const [summary] = (await a.api<GameSummary[]>('GET', '/game-data/owned', undefined, mj.token)).body;
    expect(summary?.connectedPlayersCount).toBe(1);

    const told = nextEvent(playerSocket, 'gameAccessEnded');
    await a.api('POST', `/game-invitations/${invited.body.invitation.id}/kick`, undefined, mj.token);
    expect(await told).toEqual({ gameId: game.id, reason: 'kicked' });
    await vi.waitFor(async () =>
      expect(await b.app.realtime.io.local.in(`game:${game.id}`).fetchSockets()).toHaveLength(0),
    );
  });
});
