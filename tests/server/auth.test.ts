import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/index';
import type { SessionTokens } from '../../src/api/schemas/auth';
import { accessClaims } from '../../src/api/schemas/auth-requests';
import { drivers, startTestServer, type TestServer } from '../helpers/server';
import { serverForSuite } from '../helpers/suite-server';

describe.each(drivers)('auth sessions (%s)', (driver) => {
  const t = serverForSuite({ driver });

  it('registers, logs in at once and carries the spec claims with the default role', async () => {
    const response = await t.api('POST', '/auth/register', {
      email: '  Mixed.Case@Example.COM ',
      password: 'secret1',
      displayName: '  Aria  ',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ message: 'Inscription réussie' });
    const claims = accessClaims.parse(decodeJwt(response.body.token as string));
    expect(claims).toMatchObject({
      sub: response.body.userId,
      email: 'mixed.case@example.com',
      display_name: 'Aria',
      user_metadata: { role: 'player' },
    });

    const verify = await t.api('GET', '/auth/verify', undefined, response.body.token as string);
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({
      valid: true,
      user: {
        id: response.body.userId,
        email: 'mixed.case@example.com',
        display_name: 'Aria',
        username: 'Aria',
        role: 'player',
      },
    });
  });

  it('logs in with the e-mail in any case and answers tokens', async () => {
    const user = await t.register();
    const login = await t.api<SessionTokens>('POST', '/auth/login', {
      email: user.email.toUpperCase(),
      password: user.password,
    });
    expect(login.status).toBe(200);
    expect(login.body.userId).toBe(user.userId);
    expect((await t.api('GET', '/auth/verify', undefined, login.body.token)).status).toBe(200);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const user = await t.register();
    const wrongPassword = await t.api('POST', '/auth/login', { email: user.email, password: 'not-it' });
    const unknownEmail = await t.api('POST', '/auth/login', {
      email: 'nobody@example.com',
      password: 'not-it',
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ error: 'Email ou mot de passe incorrect' });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('rotates the refresh token on use', async () => {
    const user = await t.register();
    const first = await t.api<SessionTokens>('POST', '/auth/refresh', { refreshToken: user.refreshToken });
    expect(first.status).toBe(200);
    expect(first.body.refreshToken).not.toBe(user.refreshToken);
    expect(first.body.userId).toBe(user.userId);
    expect(decodeJwt(first.body.token).sid).toBe(decodeJwt(user.token).sid);

    const second = await t.api<SessionTokens>('POST', '/auth/refresh', {
      refreshToken: first.body.refreshToken,
    });
    expect(second.status).toBe(200);
    expect((await t.api('GET', '/auth/verify', undefined, second.body.token)).status).toBe(200);
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const user = await t.register();
    const between = await t.api<SessionTokens>('POST', '/auth/refresh', { refreshToken: user.refreshToken });
    // Swapped past the one shown again, so no grace for a second tab applies (hardening.test.ts).
    const rotated = await t.api<SessionTokens>('POST', '/auth/refresh', {
      refreshToken: between.body.refreshToken,
    });

    const replay = await t.api('POST', '/auth/refresh', { refreshToken: user.refreshToken });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ error: 'Session invalide ou expirée' });

    // Everything of that session is dead: the rotated refresh token and both access tokens.
    expect((await t.api('POST', '/auth/refresh', { refreshToken: rotated.body.refreshToken })).status).toBe(
      401,
    );
    expect((await t.api('GET', '/auth/verify', undefined, rotated.body.token)).status).toBe(401);
    expect((await t.api('GET', '/auth/verify', undefined, user.token)).status).toBe(401);

    // Other sessions of the same user live on.
    const other = await t.api<SessionTokens>('POST', '/auth/login', {
      email: user.email,
      password: user.password,
    });
    expect((await t.api('GET', '/auth/verify', undefined, other.body.token)).status).toBe(200);
  });

  it('refuses an unknown refresh token', async () => {
    const response = await t.api('POST', '/auth/refresh', { refreshToken: 'never-issued' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Session invalide ou expirée' });
  });

  it('logs out: the session ends, its refresh token too', async () => {
    const user = await t.register();
    const logout = await t.api('POST', '/auth/logout', undefined, user.token);
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ message: 'Déconnexion réussie' });
    expect((await t.api('GET', '/auth/verify', undefined, user.token)).body).toEqual({
      error: 'Session invalide ou expirée',
    });
    expect((await t.api('POST', '/auth/refresh', { refreshToken: user.refreshToken })).status).toBe(401);
  });

  it('tells a missing token from a bad one', async () => {
    expect(await t.api('GET', '/auth/verify')).toMatchObject({
      status: 401,
      body: { error: 'Authentification requise' },
    });
    expect(await t.api('GET', '/auth/verify', undefined, 'not.a.jwt')).toMatchObject({
      status: 401,
      body: { error: 'Session invalide ou expirée' },
    });
  });
});

describe.each(drivers)('registration rules (%s)', (driver) => {
  const t = serverForSuite({ driver });

  const register = (body: Record<string, unknown>) =>
    t.api('POST', '/auth/register', {
      email: `r-${Math.random()}@example.com`,
      password: 'secret1',
      ...body,
    });

  it.each([
    ['a blank name', '   ', "Le nom d'affichage est requis."],
    ['an 11-character name', 'abcdefghijk', "Le nom d'affichage ne peut pas dépasser 10 caractères."],
  ])('refuses %s', async (_case, displayName, error) => {
    expect(await register({ displayName })).toMatchObject({ status: 400, body: { error } });
  });

  it('accepts a 10-character name once trimmed', async () => {
    expect((await register({ displayName: ' abcdefghij ' })).status).toBe(201);
  });

  it('refuses a name that differs only by case', async () => {
    expect((await register({ displayName: 'Morgane' })).status).toBe(201);
    expect(await register({ displayName: 'mORGANE' })).toMatchObject({
      status: 409,
      body: { error: "Ce nom d'affichage est déjà utilisé" },
    });
  });

  it('refuses a short password', async () => {
    expect(await register({ displayName: 'Shorty', password: '12345' })).toMatchObject({
      status: 400,
      body: { error: 'Le mot de passe doit contenir au moins 6 caractères' },
    });
  });

  it('refuses an e-mail already used, whatever its case', async () => {
    expect((await register({ displayName: 'First', email: 'taken@example.com' })).status).toBe(201);
    expect(await register({ displayName: 'Second', email: 'TAKEN@example.com' })).toMatchObject({
      status: 409,
      body: { error: 'Cette adresse e-mail est déjà utilisée' },
    });
  });

  it('refuses a malformed e-mail', async () => {
    expect(await register({ displayName: 'Nomail', email: 'not-an-email' })).toMatchObject({
      status: 400,
      body: { error: "L'adresse e-mail n'est pas valide" },
    });
  });

  it('gives one of two racing registrations of one name a 409, never a 500', async () => {
    const [a, b] = await Promise.all([
      register({ displayName: 'Racer' }),
      register({ displayName: 'RACER' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
  });

  it('answers malformed JSON with a French 400', async () => {
    expect(await t.api('POST', '/auth/register', '{"email": "x@example.com",')).toEqual(
      expect.objectContaining({ status: 400, body: { error: 'Corps de requête JSON invalide' } }),
    );
  });

  it('takes an empty JSON body for no body: a route that needs one answers its French 400', async () => {
    const response = await fetch(`${t.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Entrée invalide : objet attendu, null reçu' });
  });

  it('answers a form-encoded body with a French 415', async () => {
    const response = await fetch(`${t.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.c&password=x',
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      error: 'Type de contenu non pris en charge (application/json attendu)',
    });
  });

  it('answers a text body with a French 400 from validation', async () => {
    const response = await fetch(`${t.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"email":"a@b.c","password":"x"}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'Entrée invalide : objet attendu, chaîne de caractères reçu',
    });
  });

  it('answers a missing body with a French 400', async () => {
    const response = await t.api('POST', '/auth/login');
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/^Entrée invalide/);
  });
});

describe('password hashing cost', () => {
  const storedHash = async (t: TestServer, email: string) => {
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    return user?.passwordHash;
  };

  it('is the production scrypt cost unless the test knob is set, and both log in', async () => {
    const production = await startTestServer({ env: { TEST_FAST_PASSWORD_HASHING: 'false' } });
    const fast = await startTestServer();
    try {
      for (const [t, prefix] of [
        [production, 'scrypt$16384$8$1$'],
        [fast, 'scrypt$1024$8$1$'],
      ] as const) {
        const user = await t.register();
        expect(await storedHash(t, user.email)).toMatch(new RegExp(`^${prefix.replaceAll('$', '\\$')}`));
        const login = await t.api('POST', '/auth/login', { email: user.email, password: user.password });
        expect(login.status).toBe(200);
      }
    } finally {
      await Promise.all([production.close(), fast.close()]);
    }
  });
});
