import { copyFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, type Browser, type Page } from '@playwright/test';
import { createUsersService } from '../../../server/modules/users/service';
import { BASE_PATH } from '../../../src/api/paths';
import {
  startTestServer,
  type RegisteredUser,
  type TestServer,
  type TestServerOptions,
} from '../../helpers/server';

/**
 * A server of the test's own, in this process, serving the built client: the test can then write
 * games, memberships and characters straight into its database and grant the admin role with the function the
 * `npm run user:role` command uses — which the shared e2e server's embedded database, held by its
 * own process, would not allow.
 */
export async function startServerWithDatabase(
  options: Pick<TestServerOptions, 'extraRoutes'> = {},
): Promise<TestServer> {
  return startTestServer({ ...options, env: { CLIENT_DIR: 'dist/client' } });
}

/**
 * Closes the pages the worker's tests opened on contexts of their own, then the server: a page
 * left open keeps its socket reconnecting, and the server's close would wait on its requests.
 */
export async function closeServerAfterPages(server: TestServer, browser: Browser): Promise<void> {
  await Promise.all(browser.contexts().map((context) => context.close()));
  await server.close();
}

/** Grants the role, then renews the tokens: the client reads the role from the access token. */
export async function makeAdmin(server: TestServer, user: RegisteredUser): Promise<RegisteredUser> {
  await createUsersService(server.database.db).grantRole(user.email, 'admin');
  const renewed = await server.api<{ token: string; refreshToken: string }>('POST', '/auth/refresh', {
    refreshToken: user.refreshToken,
  });
  return { ...user, token: renewed.body.token, refreshToken: renewed.body.refreshToken };
}

/** The sign-in link of /auth/callback carrying the user's tokens. */
export function callbackLink(server: TestServer, user: RegisteredUser): string {
  return `${server.url}${BASE_PATH}/auth/callback?access_token=${user.token}&refresh_token=${user.refreshToken}`;
}

/** Opens the app already signed in as the user, as a returning visitor would be. */
export async function openSignedIn(page: Page, server: TestServer, user: RegisteredUser, path: string) {
  await page.goto(callbackLink(server, user));
  // The callback names the account and signs in only once the visitor agrees.
  await page.getByRole('dialog', { name: 'Connexion' }).getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL(/\/shatteredrealms\/?$/);
  // The callback goes home at once and the session checks the tokens meanwhile: the user id is
  // stored once they are verified, which the next page's seat reads.
  await page.waitForFunction(
    (id) => localStorage.getItem('jwt') !== null && localStorage.getItem('userId') === id,
    user.userId,
  );
  await page.goto(`${server.url}${BASE_PATH}${path}`);
}

/**
 * A map picture of 20 × 13 cells of 75 px (1,500 × 1,000), served by the test's own server beside
 * the built client: the table reckons ranges in the picture's own pixels, so a test map needs a
 * real size.
 */
export function servedMapPicture(server: TestServer): string {
  const name = 'e2e-carte-75px.svg';
  copyFileSync(
    fileURLToPath(new URL('../fixtures/carte-75px.svg', import.meta.url)),
    fileURLToPath(new URL(`../../../dist/client/${name}`, import.meta.url)),
  );
  return `${server.url}${BASE_PATH}/${name}`;
}

/**
 * A server of the spec's own for its tests (or its `describe`'s): started before them, closed after
 * their pages. The handle stands for it from then on, so that the spec's helpers can name it at
 * the top of the file, before it exists.
 */
export function ownServer(options: Pick<TestServerOptions, 'extraRoutes'> = {}): TestServer {
  let started: TestServer | undefined;
  test.beforeAll(async () => {
    started = await startServerWithDatabase(options);
  });
  test.afterAll(({ browser }) => closeServerAfterPages(started!, browser));
  return new Proxy({} as TestServer, {
    get(_handle, key) {
      if (!started) throw new Error('the spec’s server is used before its tests start');
      return Reflect.get(started, key);
    },
  });
}

/** A page of its own at this size (touch for a phone), signed in as the user, opened at the path. */
export async function openSignedInAt(
  browser: Browser,
  server: TestServer,
  user: RegisteredUser,
  path: string,
  viewport: { width: number; height: number },
  touch = false,
): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'fr-FR', hasTouch: touch, isMobile: touch });
  const page = await context.newPage();
  await openSignedIn(page, server, user, path);
  return page;
}
