import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { createUsersService } from '../../server/modules/users/service';
import { API_BASE } from '../../src/api/paths';
import { drivers, rawQuery } from '../helpers/server';
import { serverForSuite } from '../helpers/suite-server';

/**
 * Sessions are read from memory (server/modules/auth/session-view.ts); every change to an account
 * or a session must still be refused or applied on the very next call, wherever it was made.
 */
describe.each(drivers)('the session view (%s)', (driver) => {
  const t = serverForSuite({ driver });

  const verify = async (token: string) => {
    const answer = await t.api<{ user?: { role: string; display_name: string } }>(
      'GET',
      '/auth/verify',
      undefined,
      token,
    );
    return { status: answer.status, role: answer.body.user?.role, name: answer.body.user?.display_name };
  };

  it('refuses a session at once after logout, a password change or the account’s deletion', async () => {
    const [leaving, changing, deleted] = await t.registerMany(3);
    const otherDevice = await t.api<{ token: string }>('POST', '/auth/login', {
      email: changing.email,
      password: changing.password,
    });
    for (const token of [leaving.token, changing.token, otherDevice.body.token, deleted.token]) {
      expect((await verify(token)).status).toBe(200);
    }

    await t.api('POST', '/auth/logout', undefined, leaving.token);
    expect((await verify(leaving.token)).status).toBe(401);

    const changed = await t.api(
      'POST',
      '/auth/change-password',
      { currentPassword: changing.password, newPassword: 'un-autre-mot' },
      changing.token,
    );
    expect(changed.status).toBe(200);
    expect((await verify(otherDevice.body.token)).status).toBe(401);
    expect((await verify(changing.token)).status).toBe(200);

    expect(
      (await t.api('DELETE', '/auth/account', { password: deleted.password }, deleted.token)).status,
    ).toBe(200);
    expect((await verify(deleted.token)).status).toBe(401);
  });

  it('applies a new name and a granted role on the next call', async () => {
    const user = await t.register();
    expect(await verify(user.token)).toMatchObject({ role: 'player' });
    await createUsersService(t.database.db).grantRole(user.email, 'admin');
    expect(await verify(user.token)).toMatchObject({ role: 'admin' });

    const renamed = `r${user.displayName}`;
    await t.api(
      'PUT',
      '/auth/profile',
      { displayName: renamed, email: user.email, currentPassword: user.password },
      user.token,
    );
    expect(await verify(user.token)).toMatchObject({ name: renamed });
  });

  it('hears a change made past every service (an operator’s SQL, the role CLI)', async () => {
    const user = await t.register();
    expect(await verify(user.token)).toMatchObject({ role: 'player' });
    await rawQuery(t, `update users set role = 'mj' where id = $1`, [user.userId]);
    await vi.waitFor(async () => expect(await verify(user.token)).toMatchObject({ role: 'mj' }));
    await rawQuery(t, 'update sessions set revoked_at = now() where user_id = $1', [user.userId]);
    await vi.waitFor(async () => expect((await verify(user.token)).status).toBe(401));
  });
});

describe.runIf(process.env.DATABASE_URL)('the session view across processes (postgres)', () => {
  const t = serverForSuite({ driver: 'postgres' });

  /** A second server process: its own pool and listening connection on the same database. */
  async function secondProcess() {
    const database = await openDatabase(t.config);
    const app = await buildApp({ config: t.config, db: database.db });
    await app.ready();
    const verify = async (token: string) => {
      const answer = await app.inject({
        method: 'GET',
        url: `${API_BASE}/auth/verify`,
        headers: { authorization: `Bearer ${token}` },
      });
      return answer.statusCode;
    };
    return {
      verify,
      async close() {
        await app.close();
        await database.close();
      },
    };
  }

  it('refuses on the other process a session revoked on this one', async () => {
    const other = await secondProcess();
    try {
      const user = await t.register();
      expect(await other.verify(user.token)).toBe(200);
      await t.api('POST', '/auth/logout', undefined, user.token);
      await vi.waitFor(async () => expect(await other.verify(user.token)).toBe(401));
    } finally {
      await other.close();
    }
  });

  it('reads the database while its listening connection is cut, and listens again', async () => {
    const other = await secondProcess();
    try {
      const [user, later] = await t.registerMany(2);
      expect(await other.verify(user.token)).toBe(200);
      await rawQuery(
        t,
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`,
      );
      await rawQuery(t, 'update sessions set revoked_at = now() where user_id = $1', [user.userId]);
      await vi.waitFor(async () => expect(await other.verify(user.token)).toBe(401));

      // Listening again: a session it knows is still refused the moment it is revoked.
      await vi.waitFor(
        async () => {
          const listeners = await rawQuery(
            t,
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and query like 'LISTEN%'",
          );
          expect(listeners[0]).toMatchObject({ n: 2 });
        },
        { timeout: 10_000 },
      );
      expect(await other.verify(later.token)).toBe(200);
      await t.api('POST', '/auth/logout', undefined, later.token);
      await vi.waitFor(async () => expect(await other.verify(later.token)).toBe(401));
    } finally {
      await other.close();
    }
  });
});
