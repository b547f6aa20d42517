import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { characters } from '../../../server/db/schema/index';
import { createUsersService } from '../../../server/modules/users/service';
import { BASE_PATH } from '../../../src/api/paths';
import { startTestServer, type RegisteredUser, type TestServer } from '../../helpers/server';

/**
 * A server of the test's own, in this process, serving the built client: the test can then write
 * games, memberships and characters straight into its database (the lobby's and the character
 * sheet's calls are built on other branches) and grant the admin role with the function the
 * `npm run user:role` command uses — which the shared e2e server's embedded database, held by its
 * own process, would not allow.
 */
export async function startServerWithDatabase(): Promise<TestServer> {
  return startTestServer({ env: { CLIENT_DIR: 'dist/client' } });
}

/** Grants the role, then renews the tokens: the client reads the role from the access token. */
export async function makeAdmin(server: TestServer, user: RegisteredUser): Promise<RegisteredUser> {
  await createUsersService(server.database.db).grantRole(user.email, 'admin');
  const renewed = await server.api<{ token: string; refreshToken: string }>('POST', '/auth/refresh', {
    refreshToken: user.refreshToken,
  });
  return { ...user, token: renewed.body.token, refreshToken: renewed.body.refreshToken };
}

/** Opens the app already signed in as the user, as a returning visitor would be. */
export async function openSignedIn(page: Page, server: TestServer, user: RegisteredUser, path: string) {
  await page.goto(
    `${server.url}${BASE_PATH}/auth/callback?access_token=${user.token}&refresh_token=${user.refreshToken}`,
  );
  await page.waitForURL(/\/shatteredrealms\/?$/);
  await page.goto(`${server.url}${BASE_PATH}${path}`);
}

/**
 * `GET /players/game/{id}/all-characters` belongs to the character work (issue 6). Until it is
 * merged the server answers 404; the game's characters are then answered from the database, as
 * that call will. Once the real call answers, this steps aside.
 */
export async function answerCharacterListUntilMerged(page: Page, server: TestServer): Promise<void> {
  await page.route(/\/players\/game\/([^/]+)\/all-characters/, async (route) => {
    const real = await route.fetch();
    if (real.status() !== 404) return route.fulfill({ response: real });
    const gameId = decodeURIComponent(/\/players\/game\/([^/]+)\//.exec(route.request().url())![1]!);
    const rows = await server.database.db.select().from(characters).where(eq(characters.gameId, gameId));
    return route.fulfill({
      json: rows.map((row) => ({
        id: row.id,
        name: row.name,
        userId: row.userId,
        gameId: row.gameId,
        HP: row.pv,
        soulEssence: row.soulEssence,
        force: row.force,
        agilite: row.agilite,
        assetLink: row.assetLink,
      })),
    });
  });
}
