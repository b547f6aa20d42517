import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Socket } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import type { SessionTokens } from '../../src/api/schemas/auth';
import type { UserSearchResult } from '../../src/api/schemas/friends';
import { displayNameSkeleton } from '../../src/domain/display-name';
import type { InvitationMoveResponse } from '../../src/api/schemas/game-invitations';
import { gameIdListNames } from '../../src/api/schemas/games';
import { eq, inArray } from 'drizzle-orm';
import { games, macros, users } from '../../server/db/schema/index';
import { createUsersService } from '../../server/modules/users/service';
import { rooms } from '../../server/realtime/rooms';
import { drivers, rawQuery, startTestServer, type TestServer } from '../helpers/server';
import { befriend } from '../helpers/friends';
import { serverForSuite } from '../helpers/suite-server';
import { mapChoice, tableParty } from '../helpers/table';

const emptyLists = Object.fromEntries(gameIdListNames.map((name) => [name, []]));

/** What a hostile user tries. */

const emitWithAck = (socket: Socket, event: string, payload: unknown) =>
  socket.timeout(5000).emitWithAck(event, payload) as Promise<Record<string, unknown>>;

describe.each(drivers)('hardening (%s)', (driver) => {
  const t = serverForSuite({ driver });

  describe('data that leaks', () => {
    it('GET /users/{id} gives the e-mail to the user themselves and their friends only', async () => {
      const [ana, bea, eve] = await t.registerMany(3);
      await befriend(t, ana, bea);
      expect((await t.api('GET', `/users/${ana.userId}`, undefined, ana.token)).body).toEqual({
        id: ana.userId,
        display_name: ana.displayName,
        email: ana.email,
      });
      expect((await t.api('GET', `/users/${ana.userId}`, undefined, bea.token)).body).toMatchObject({
        email: ana.email,
      });
      const stranger = await t.api('GET', `/users/${ana.userId}`, undefined, eve.token);
      expect(stranger.status).toBe(200);
      expect(stranger.body).toEqual({ id: ana.userId, display_name: ana.displayName });
    });

    it('GET /users/search never tells whether a non-friend is online', async () => {
      const [ana, eve] = await t.registerMany(2);
      await t.socket(ana.token);
      const found = await t.api<UserSearchResult[]>(
        'GET',
        `/users/search?username=${encodeURIComponent(ana.displayName)}`,
        undefined,
        eve.token,
      );
      expect(found.body.map((user) => user.id)).toEqual([ana.userId]);
      expect(found.body[0]).not.toHaveProperty('isOnline');
    });
  });

  describe('input that breaks things', () => {
    const nulText = 'Le texte ne peut pas contenir le caractère nul (U+0000)';

    it('refuses a NUL character anywhere in a body, a query or a socket payload with a French 400', async () => {
      const user = await t.register();
      expect(
        await t.api('POST', '/auth/register', {
          email: 'nul@example.com',
          password: 'Motdepasse1!',
          displayName: 'Nu\u0000l',
        }),
      ).toMatchObject({ status: 400, body: { error: nulText } });
      expect(
        await t.api('POST', '/auth/login', { email: 'a\u0000@example.com', password: 'x' }),
      ).toMatchObject({
        status: 400,
        body: { error: nulText },
      });
      expect(await t.api('GET', '/auth/check-display-name?displayName=a%00b')).toMatchObject({
        status: 400,
        body: { error: nulText },
      });
      expect(await t.api('GET', '/users/search?username=ab%00c', undefined, user.token)).toMatchObject({
        status: 400,
        body: { error: nulText },
      });
      expect(await t.api('POST', '/game-data', { name: 'Partie\u0000' }, user.token)).toMatchObject({
        status: 400,
        body: { error: nulText },
      });
      const socket = await t.socket(user.token);
      expect(
        await emitWithAck(socket, 'sendPrivateMessage', { receiverId: user.userId, content: 'a\u0000' }),
      ).toEqual({ ok: false, error: nulText });
    });

    it('refuses a signed access token without exp, or whose sub or sid is no UUID, with a 401', async () => {
      const user = await t.register();
      const key = new TextEncoder().encode(t.config.jwtSecret);
      const sign = (claims: Record<string, unknown>, subject: string, expires: boolean) => {
        const jwt = new SignJWT({
          email: user.email,
          display_name: user.displayName,
          user_metadata: { role: 'player' },
          ...claims,
        })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(subject)
          .setIssuedAt();
        return (expires ? jwt.setExpirationTime('15m') : jwt).sign(key);
      };
      const sid = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()).sid as string;
      const forged = [
        await sign({ sid }, user.userId, false),
        await sign({ sid: 'not-a-uuid' }, user.userId, true),
        await sign({ sid }, 'not-a-uuid', true),
        await sign({ sid: randomUUID() }, 'x'.repeat(40), true),
      ];
      for (const token of forged) {
        expect(await t.api('GET', '/auth/profile', undefined, token)).toMatchObject({ status: 401 });
      }
      expect(
        (await t.api('GET', '/auth/profile', undefined, await sign({ sid }, user.userId, true))).status,
      ).toBe(200);
    });
    it('answers a malformed URL encoding with a French { error }', async () => {
      const user = await t.register();
      for (const path of ['/users/%E0%A4%A', '/game-data/%zz']) {
        const response = await t.api('GET', path, undefined, user.token);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ error: 'Requête invalide' });
      }
    });

    it('takes an empty body sent as application/json for no body', async () => {
      const [mj, player] = await t.registerMany(2);
      const game = await t.api<{ id: string }>(
        'POST',
        '/game-data',
        { name: 'Vide', ...emptyLists },
        mj.token,
      );
      const bare = (method: string, path: string, token: string) =>
        fetch(`${t.baseUrl}${path}`, {
          method,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: '',
        });
      const invited = await t.api<InvitationMoveResponse>(
        'POST',
        '/game-invitations',
        { gameId: game.body.id, playerId: player.userId },
        mj.token,
      );
      expect(invited.status).toBe(201);
      const accept = await bare(
        'POST',
        `/game-invitations/${invited.body.invitation.id}/accept`,
        player.token,
      );
      expect(accept.status).toBe(200);
      expect((await bare('DELETE', `/game-data/${game.body.id}`, mj.token)).status).toBe(200);
    });
  });

  describe('sessions', () => {
    const refresh = (refreshToken: string) => t.api<SessionTokens>('POST', '/auth/refresh', { refreshToken });

    it('lets two tabs refresh with the same token at once, and the session lives', async () => {
      const user = await t.register();
      const [first, second] = await Promise.all([refresh(user.refreshToken), refresh(user.refreshToken)]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(first.body.refreshToken).not.toBe(second.body.refreshToken);
      for (const answer of [first, second]) {
        expect((await t.api('GET', '/auth/verify', undefined, answer.body.token)).status).toBe(200);
        expect((await refresh(answer.body.refreshToken)).status).toBe(200);
      }
    });

    it('still revokes the family for a token older than the one swapped last', async () => {
      const user = await t.register();
      const next = await refresh(user.refreshToken);
      const latest = await refresh(next.body.refreshToken);
      expect(latest.status).toBe(200);
      expect((await refresh(user.refreshToken)).status).toBe(401);
      expect((await refresh(latest.body.refreshToken)).status).toBe(401);
      expect((await t.api('GET', '/auth/verify', undefined, latest.body.token)).status).toBe(401);
    });

    it('revokes the family for a replay after the grace', async () => {
      const strict = await startTestServer({ driver, env: { REFRESH_REUSE_GRACE_SECONDS: '0' } });
      try {
        const user = await strict.register();
        const rotated = await strict.api<SessionTokens>('POST', '/auth/refresh', {
          refreshToken: user.refreshToken,
        });
        expect(rotated.status).toBe(200);
        const replay = await strict.api('POST', '/auth/refresh', { refreshToken: user.refreshToken });
        expect(replay).toMatchObject({ status: 401, body: { error: 'Session invalide ou expirée' } });
        expect((await strict.api('GET', '/auth/verify', undefined, rotated.body.token)).status).toBe(401);
      } finally {
        await strict.close();
      }
    });
  });

  describe('display names that imitate', () => {
    const invisible =
      "Le nom d'affichage ne peut pas contenir de caractère invisible, de contrôle ou de changement de sens d'écriture.";
    const taken = { status: 409, body: { error: "Ce nom d'affichage est déjà utilisé" } };
    const fresh = () => randomUUID().slice(0, 6);
    const registerAs = (displayName: string) =>
      t.api('POST', '/auth/register', {
        email: `imitation-${randomUUID()}@example.com`,
        password: 'motdepasse',
        displayName,
      });
    const isAvailable = async (name: string, token?: string) =>
      (
        await t.api<{ isAvailable: boolean }>(
          'GET',
          `/auth/check-display-name?displayName=${encodeURIComponent(name)}`,
          undefined,
          token,
        )
      ).body.isAvailable;

    it('refuses invisible, control and bidi characters with a French 400', async () => {
      const user = await t.register();
      for (const name of ['An\u200Ba', 'An\u202Ea', '\uFEFFAna', 'An\u2066a', 'An\u0007a']) {
        expect(await registerAs(name)).toMatchObject({ status: 400, body: { error: invisible } });
        expect(
          await t.api('PUT', '/auth/profile', { displayName: name, email: user.email }, user.token),
        ).toMatchObject({ status: 400, body: { error: invisible } });
        expect(await isAvailable(name)).toBe(false);
      }
    });

    it('stores the NFKC form and takes a look-alike for the same name', async () => {
      const id = fresh();
      const owner = await t.register({ displayName: `Ａ${id}` });
      const profile = await t.api<{ display_name: string }>('GET', '/auth/profile', undefined, owner.token);
      expect(profile.body.display_name).toBe(`A${id}`);
      const cyrillicA = `\u0410${id}`;
      expect(await isAvailable(cyrillicA)).toBe(false);
      expect(await isAvailable(cyrillicA, owner.token)).toBe(true);
      expect(await registerAs(cyrillicA)).toMatchObject(taken);

      const other = await t.register();
      expect(
        await t.api('PUT', '/auth/profile', { displayName: `a${id}`, email: other.email }, other.token),
      ).toMatchObject(taken);
    });

    it('gives older accounts their skeleton at start, the first of two look-alikes keeping it', async () => {
      const first = await startTestServer({ driver });
      let second: TestServer | undefined;
      try {
        const id = fresh();
        const [older, imitation] = [
          await first.register({ displayName: `Ana${id}` }),
          await first.register(),
        ];
        const { db } = first.database;
        // As before the column: no skeleton, and an imitation the lower-case index let through.
        await db
          .update(users)
          .set({ displayName: `Аna${id}` })
          .where(eq(users.id, imitation.userId));
        await db
          .update(users)
          .set({ displayNameSkeleton: null })
          .where(inArray(users.id, [older.userId, imitation.userId]));
        await first.stop();
        second = await startTestServer({ driver, peerOf: first });
        const rows = await db
          .select({ id: users.id, skeleton: users.displayNameSkeleton })
          .from(users)
          .where(inArray(users.id, [older.userId, imitation.userId]));
        expect(Object.fromEntries(rows.map((row) => [row.id, row.skeleton]))).toEqual({
          [older.userId]: displayNameSkeleton(`Ana${id}`),
          [imitation.userId]: null,
        });
        expect(
          (
            await second.api('POST', '/auth/register', {
              email: `third-${id}@example.com`,
              password: 'motdepasse',
              displayName: `ANA${id}`,
            })
          ).status,
        ).toBe(409);
      } finally {
        await second?.close();
        await first.close();
      }
    });

    it('lets one of two look-alike registrations at the same moment win', async () => {
      const id = fresh();
      const answers = await Promise.all([
        registerAs(`B0${id}`),
        registerAs(`BO${id}`),
        registerAs(`bo${id}`),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    });
  });

  describe('a role changed while connected', () => {
    const forbidden = "Vous n'êtes pas autorisé à accéder à cette partie...";

    it('ends a demoted admin’s powers at the table at their next action', async () => {
      const party = await tableParty(t);
      const admin = await t.register();
      const users = createUsersService(t.database.db);
      await users.grantRole(admin.email, 'admin');
      const socket = await t.socket(admin.token);
      expect(await emitWithAck(socket, 'joinGame', { gameId: party.gameId })).toMatchObject({ ok: true });
      expect(await emitWithAck(socket, 'tableCatchUp', { gameId: party.gameId, afterSeq: 0 })).toMatchObject({
        ok: true,
      });
      const managers = async () =>
        (await t.app.realtime.io.in(rooms.tableManagers(party.gameId)).fetchSockets()).map((s) => s.id);
      expect(await managers()).toContain(socket.id);

      await users.grantRole(admin.email, 'player');
      expect(
        await emitWithAck(socket, 'mapChange', { gameId: party.gameId, map: mapChoice(party, 'Crypte') }),
      ).toEqual({ ok: false, error: forbidden });
      // The command, or the change heard at once beside it, takes the socket out of the managers.
      await vi.waitFor(async () => expect(await managers()).not.toContain(socket.id));
      expect(await emitWithAck(socket, 'joinGame', { gameId: party.gameId })).toEqual({
        ok: false,
        error: forbidden,
      });
    });

    it('makes the server read the account at once when another process changes a role', async () => {
      const party = await tableParty(t);
      const admin = await t.register();
      const users = createUsersService(t.database.db);
      await users.grantRole(admin.email, 'admin');
      const socket = await t.socket(admin.token);
      await emitWithAck(socket, 'tableCatchUp', { gameId: party.gameId, afterSeq: 0 });
      const managers = async () =>
        (await t.app.realtime.io.in(rooms.tableManagers(party.gameId)).fetchSockets()).map((s) => s.id);
      expect(await managers()).toContain(socket.id);

      // What `npm run user:role` or an operator does from elsewhere: the database alone.
      await rawQuery(t, `update users set role = 'player' where id = $1`, [admin.userId]);
      await vi.waitFor(async () => expect(await managers()).not.toContain(socket.id));
    });
  });

  describe('attempts that never end', () => {
    const tooMany = { status: 429, body: { error: 'Trop de tentatives, veuillez réessayer plus tard.' } };

    it('limits a signed-in user’s password checks like login, per account', async () => {
      const limited = await startTestServer({ driver, env: { AUTH_RATE_LIMIT_MAX: '3' } });
      try {
        const [guesser, neighbour] = await limited.registerMany(2);
        const wrong = { currentPassword: 'pas-le-bon', newPassword: 'nouveau-mot' };
        for (let attempt = 0; attempt < 3; attempt += 1) {
          const response = await limited.api('POST', '/auth/change-password', wrong, guesser.token);
          expect(response.status).toBe(400);
        }
        expect(await limited.api('POST', '/auth/change-password', wrong, guesser.token)).toMatchObject(
          tooMany,
        );
        // One count for both routes: deleting the account is the same password guess.
        expect(
          await limited.api('DELETE', '/auth/account', { password: guesser.password }, guesser.token),
        ).toMatchObject(tooMany);
        // And so is an e-mail change; a rename checks no password and is not held back.
        const profile = { displayName: guesser.displayName, email: `x${guesser.email}` };
        expect(
          await limited.api(
            'PUT',
            '/auth/profile',
            { ...profile, currentPassword: guesser.password },
            guesser.token,
          ),
        ).toMatchObject(tooMany);
        expect(
          (await limited.api('PUT', '/auth/profile', { ...profile, email: guesser.email }, guesser.token))
            .status,
        ).toBe(200);
        // Another account from the same address is not held back.
        expect((await limited.api('POST', '/auth/change-password', wrong, neighbour.token)).status).toBe(400);
      } finally {
        await limited.close();
      }
    });

    it('limits the public display-name check per address', async () => {
      const limited = await startTestServer({ driver, env: { NAME_CHECK_RATE_LIMIT_MAX: '3' } });
      try {
        const check = () => limited.api('GET', '/auth/check-display-name?displayName=Quelquun');
        for (let attempt = 0; attempt < 3; attempt += 1) expect((await check()).status).toBe(200);
        expect(await check()).toMatchObject(tooMany);
      } finally {
        await limited.close();
      }
    });

    it('refuses a socket sending chat lines faster than its bucket, in French', async () => {
      const flood = 'Vous envoyez des messages trop vite : patientez un instant.';
      const limited = await startTestServer({ driver, env: { MESSAGE_BURST: '3' } });
      try {
        const party = await tableParty(limited);
        const [ana, bea] = await limited.registerMany(2);
        const sent = await limited.api<{ invitation: { id: string } }>(
          'POST',
          '/users/friends',
          { friendId: bea.userId },
          ana.token,
        );
        await limited.api(
          'POST',
          `/users/invitations/${sent.body.invitation.id}/accept`,
          undefined,
          bea.token,
        );
        const socket = await limited.socket(ana.token);
        const whisper = () =>
          emitWithAck(socket, 'sendPrivateMessage', { receiverId: bea.userId, content: 'Coucou' });
        for (let line = 0; line < 3; line += 1) expect(await whisper()).toMatchObject({ ok: true });
        expect(await whisper()).toEqual({ ok: false, error: flood });
        // Over REST, the same rate per account.
        const post = () =>
          limited.api('POST', '/message', { receiverId: bea.userId, content: 'Coucou' }, ana.token);
        for (let line = 0; line < 3; line += 1) expect((await post()).status).toBe(201);
        expect(await post()).toMatchObject({ status: 429, body: { error: flood } });

        const mj = await limited.socket(party.mj.token);
        const say = () =>
          emitWithAck(mj, 'newMessage', {
            gameId: party.gameId,
            content: { kind: 'text', text: 'Silence !' },
          });
        for (let line = 0; line < 3; line += 1) expect(await say()).toMatchObject({ ok: true });
        expect(await say()).toEqual({ ok: false, error: flood });
      } finally {
        await limited.close();
      }
    });

    it('caps the macros a user keeps and the games an MJ runs with a French 409, even at once', async () => {
      const user = await t.register();
      await t.database.db
        .insert(macros)
        .values(
          Array.from({ length: 198 }, (_, n) => ({ userId: user.userId, title: `M${n}`, content: 'x' })),
        );
      const macro = { title: 'Attaque', content: '/r 1d20', visible: true };
      const racing = await Promise.all([1, 2, 3].map(() => t.api('POST', '/macro', macro, user.token)));
      expect(racing.map((answer) => answer.status).sort()).toEqual([201, 201, 409]);
      expect(racing.find((answer) => answer.status === 409)?.body).toEqual({
        error: 'Vous avez atteint la limite de 200 macros : supprimez-en une pour en créer une autre.',
      });

      await t.database.db.insert(games).values(
        Array.from({ length: 49 }, (_, n) => ({
          id: `CAP${n}${randomUUID().slice(0, 4)}`,
          name: 'Vieille',
          mjUserId: user.userId,
        })),
      );
      const game = { name: 'Encore une', ...emptyLists };
      const created = await Promise.all([1, 2].map(() => t.api('POST', '/game-data', game, user.token)));
      expect(created.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect(created.find((answer) => answer.status === 409)?.body).toEqual({
        error: 'Vous avez atteint la limite de 50 parties : supprimez-en une pour en créer une autre.',
      });
    });
  });
});
