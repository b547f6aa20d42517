import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { accountNotices } from '../../server/db/schema/index';
import type { SessionTokens } from '../../src/api/schemas/auth';
import { changedTables, databaseFingerprint } from '../helpers/database-fingerprint';
import { drivers } from '../helpers/server';
import { serverForSuite } from '../helpers/suite-server';

const disconnected = (socket: Socket) => new Promise<string>((resolve) => socket.once('disconnect', resolve));

describe.each(drivers)('profile and account (%s)', (driver) => {
  const t = serverForSuite({ driver });

  it('reads the profile as a public user, never the hash', async () => {
    const user = await t.register();
    const response = await t.api('GET', '/auth/profile', undefined, user.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: user.userId,
      email: user.email,
      display_name: user.displayName,
      username: user.displayName,
      created_at: expect.any(String),
      role: 'player',
    });
  });

  it('updates the profile and hands out a token with the new claims for the same session', async () => {
    const user = await t.register();
    const response = await t.api(
      'PUT',
      '/auth/profile',
      { displayName: ' Renamed ', email: 'Renamed@Example.com', currentPassword: user.password },
      user.token,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      message: 'Profil mis à jour avec succès',
      user: { id: user.userId, display_name: 'Renamed', email: 'renamed@example.com' },
    });
    const claims = decodeJwt(response.body.token as string);
    expect(claims).toMatchObject({
      display_name: 'Renamed',
      email: 'renamed@example.com',
      sid: decodeJwt(user.token).sid,
    });
    const login = await t.api('POST', '/auth/login', {
      email: 'renamed@example.com',
      password: user.password,
    });
    expect(login.status).toBe(200);
  });

  it('keeps names and e-mails unique on update, yet lets a user restyle their own name', async () => {
    const taken = await t.register();
    const user = await t.register();
    expect(
      await t.api(
        'PUT',
        '/auth/profile',
        { displayName: taken.displayName.toUpperCase(), email: user.email },
        user.token,
      ),
    ).toMatchObject({ status: 409, body: { error: "Ce nom d'affichage est déjà utilisé" } });
    expect(
      await t.api(
        'PUT',
        '/auth/profile',
        { displayName: user.displayName, email: taken.email, currentPassword: user.password },
        user.token,
      ),
    ).toMatchObject({ status: 409, body: { error: 'Cette adresse e-mail est déjà utilisée' } });
    expect(
      (
        await t.api(
          'PUT',
          '/auth/profile',
          { displayName: user.displayName.toUpperCase(), email: user.email },
          user.token,
        )
      ).status,
    ).toBe(200);
  });

  it('refuses to change the e-mail (the login) without the current password, and changes nothing', async () => {
    const user = await t.register();
    const before = await databaseFingerprint(t.database.db);
    const change = (currentPassword?: string) =>
      t.api(
        'PUT',
        '/auth/profile',
        { displayName: user.displayName, email: `stolen-${user.email}`, currentPassword },
        user.token,
      );
    expect(await change()).toMatchObject({
      status: 400,
      body: { error: "Le mot de passe actuel est requis pour changer d'adresse e-mail" },
    });
    expect(await change('')).toMatchObject({ status: 400 });
    expect(await change('wrong-one')).toMatchObject({
      status: 400,
      body: { error: 'Mot de passe actuel incorrect' },
    });
    expect(changedTables(before, await databaseFingerprint(t.database.db))).toEqual([]);
    expect((await t.api('POST', '/auth/login', { email: user.email, password: user.password })).status).toBe(
      200,
    );
    // The name alone changes with the token, as before.
    expect(
      (
        await t.api(
          'PUT',
          '/auth/profile',
          { displayName: `n${user.displayName}`, email: user.email },
          user.token,
        )
      ).status,
    ).toBe(200);
  });

  it('tells the old address of an e-mail change: a notice kept for the deployment’s mailer', async () => {
    const user = await t.register();
    const newAddress = `moved-${user.email}`;
    expect(
      (
        await t.api(
          'PUT',
          '/auth/profile',
          { displayName: user.displayName, email: newAddress, currentPassword: user.password },
          user.token,
        )
      ).status,
    ).toBe(200);
    const notices = await t.database.db
      .select()
      .from(accountNotices)
      .where(eq(accountNotices.userId, user.userId));
    expect(notices).toEqual([
      expect.objectContaining({
        kind: 'email_changed',
        toAddress: user.email,
        newAddress,
        sentAt: null,
        createdAt: expect.any(Date),
      }),
    ]);
    // A rename, or the same address, tells nobody.
    await t.api(
      'PUT',
      '/auth/profile',
      { displayName: `m${user.displayName}`, email: newAddress, currentPassword: user.password },
      user.token,
    );
    expect(
      await t.database.db.select().from(accountNotices).where(eq(accountNotices.userId, user.userId)),
    ).toHaveLength(1);
  });

  it('applies the name rules on update', async () => {
    const user = await t.register();
    expect(
      await t.api('PUT', '/auth/profile', { displayName: '', email: user.email }, user.token),
    ).toMatchObject({
      status: 400,
      body: { error: "Le nom d'affichage est requis." },
    });
  });

  it('checks display names: taken in any case, free, invalid, and the caller’s own', async () => {
    const user = await t.register();
    const check = async (displayName: string, token?: string) =>
      (
        await t.api(
          'GET',
          `/auth/check-display-name?displayName=${encodeURIComponent(displayName)}`,
          undefined,
          token,
        )
      ).body.isAvailable;

    expect(await check(user.displayName.toUpperCase())).toBe(false);
    expect(await check('Libre')).toBe(true);
    expect(await check('   ')).toBe(false);
    expect(await check('abcdefghijk')).toBe(false);
    expect(await check(user.displayName.toUpperCase(), user.token)).toBe(true);
    // A stale token on this public route only means an anonymous caller.
    expect(await check('Libre', 'not.a.jwt')).toBe(true);
  });

  it('changes the password, ends the other sessions and their sockets, keeps the caller’s', async () => {
    const user = await t.register();
    const other = await t.api<SessionTokens>('POST', '/auth/login', {
      email: user.email,
      password: user.password,
    });
    const callerSocket = await t.socket(user.token);
    const otherSocket = await t.socket(other.body.token);
    const otherGone = disconnected(otherSocket);

    expect(
      await t.api(
        'POST',
        '/auth/change-password',
        { currentPassword: 'wrong-one', newPassword: 'nouveau1' },
        user.token,
      ),
    ).toMatchObject({ status: 400, body: { error: 'Mot de passe actuel incorrect' } });

    const changed = await t.api(
      'POST',
      '/auth/change-password',
      { currentPassword: user.password, newPassword: 'nouveau1' },
      user.token,
    );
    expect(changed).toMatchObject({ status: 200, body: { message: 'Mot de passe modifié avec succès' } });

    expect(await otherGone).toBe('io server disconnect');
    expect((await t.api('GET', '/auth/verify', undefined, other.body.token)).status).toBe(401);
    expect((await t.api('POST', '/auth/refresh', { refreshToken: other.body.refreshToken })).status).toBe(
      401,
    );
    expect((await t.api('GET', '/auth/verify', undefined, user.token)).status).toBe(200);
    expect(callerSocket.connected).toBe(true);

    expect((await t.api('POST', '/auth/login', { email: user.email, password: user.password })).status).toBe(
      401,
    );
    expect((await t.api('POST', '/auth/login', { email: user.email, password: 'nouveau1' })).status).toBe(
      200,
    );
  });

  it('refuses a new password under 6 characters', async () => {
    const user = await t.register();
    expect(
      await t.api(
        'POST',
        '/auth/change-password',
        { currentPassword: user.password, newPassword: '12345' },
        user.token,
      ),
    ).toMatchObject({
      status: 400,
      body: { error: 'Le nouveau mot de passe doit contenir au moins 6 caractères' },
    });
  });

  it('deletes the account: wrong password refused, then every token and socket dies at once', async () => {
    const user = await t.register();
    const socket = await t.socket(user.token);
    const gone = disconnected(socket);

    expect(await t.api('DELETE', '/auth/account', { password: 'wrong-one' }, user.token)).toMatchObject({
      status: 400,
      body: { error: 'Mot de passe incorrect' },
    });

    const deleted = await t.api('DELETE', '/auth/account', { password: user.password }, user.token);
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Compte supprimé avec succès' } });
    expect(await gone).toBe('io server disconnect');
    expect(await t.api('GET', '/auth/profile', undefined, user.token)).toMatchObject({
      status: 401,
      body: { error: 'Session invalide ou expirée' },
    });
    expect((await t.api('POST', '/auth/refresh', { refreshToken: user.refreshToken })).status).toBe(401);
    expect((await t.api('POST', '/auth/login', { email: user.email, password: user.password })).status).toBe(
      401,
    );
  });

  it('shows another user by id (no e-mail to a stranger), and 404 for an unknown or malformed id', async () => {
    const viewer = await t.register();
    const shown = await t.register();
    expect(await t.api('GET', `/users/${shown.userId}`, undefined, viewer.token)).toEqual(
      expect.objectContaining({
        status: 200,
        body: { id: shown.userId, display_name: shown.displayName },
      }),
    );
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1']) {
      expect(await t.api('GET', `/users/${id}`, undefined, viewer.token)).toMatchObject({
        status: 404,
        body: { error: 'Utilisateur introuvable' },
      });
    }
    expect((await t.api('GET', `/users/${shown.userId}`)).status).toBe(401);
  });
});
