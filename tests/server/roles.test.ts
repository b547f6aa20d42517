import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../server/lib/errors';
import { createUsersService } from '../../server/modules/users/service';
import type { SessionTokens } from '../../src/api/schemas/auth';
import { drivers } from '../helpers/server';
import { serverForSuite } from '../helpers/suite-server';

describe.each(drivers)('roles (%s)', (driver) => {
  const t = serverForSuite({ driver });

  const roleClaim = (token: string) => (decodeJwt(token).user_metadata as { role: string }).role;

  it('starts every account as a player, whatever the client sends', async () => {
    const response = await t.api<SessionTokens>('POST', '/auth/register', {
      email: 'wannabe@example.com',
      password: 'secret1',
      displayName: 'Wannabe',
      role: 'admin',
    });
    expect(response.status).toBe(201);
    expect(roleClaim(response.body.token)).toBe('player');

    await t.api(
      'PUT',
      '/auth/profile',
      { displayName: 'Wannabe', email: 'wannabe@example.com', role: 'admin' },
      response.body.token,
    );
    expect((await t.api('GET', '/auth/profile', undefined, response.body.token)).body.role).toBe('player');
  });

  it('grants a role by e-mail (the user:role command), effective at once and in the next tokens', async () => {
    const user = await t.register();
    const granted = await createUsersService(t.database.db).grantRole(`  ${user.email.toUpperCase()} `, 'mj');
    expect(granted).toEqual({
      id: user.userId,
      email: user.email,
      display_name: user.displayName,
      role: 'mj',
    });

    expect((await t.api('GET', '/auth/verify', undefined, user.token)).body).toMatchObject({
      user: { role: 'mj' },
    });
    const refreshed = await t.api<SessionTokens>('POST', '/auth/refresh', {
      refreshToken: user.refreshToken,
    });
    expect(roleClaim(refreshed.body.token)).toBe('mj');
  });

  it('reports an unknown e-mail', async () => {
    const grant = createUsersService(t.database.db).grantRole('nobody@example.com', 'admin');
    await expect(grant).rejects.toThrow(HttpError);
    await expect(grant).rejects.toThrow('Utilisateur introuvable');
  });
});
