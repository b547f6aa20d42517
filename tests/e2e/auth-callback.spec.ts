import { expect, test, type Page } from '@playwright/test';
import { BASE_PATH } from '../../src/api/paths';
import { callbackLink, openSignedIn, ownServer } from './helpers/own-server';
import { gameWithPlayer } from './helpers/party';

const server = ownServer();

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('jwt'));

test('a link carrying someone else’s tokens does not sign its opener in unasked', async ({ page }) => {
  const mallory = await server.register();
  await page.goto(callbackLink(server, mallory));
  const question = page.getByRole('dialog', { name: 'Connexion' });
  await expect(question).toContainText(`Se connecter en tant que ${mallory.displayName}\u00a0?`);
  await expect(question).toContainText(mallory.email);
  expect(await storedToken(page)).toBeNull();

  await question.getByRole('button', { name: 'Annuler' }).click();
  await page.waitForURL(/\/shatteredrealms\/?$/);
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toHaveCount(0);
  expect(await storedToken(page)).toBeNull();
});

test('a signed-in user who declines a forged link stays who they were', async ({ page }) => {
  const [ana, mallory] = await Promise.all([server.register(), server.register()]);
  await openSignedIn(page, server, ana, '/');
  await expect(page.getByRole('navigation')).toContainText(ana.displayName);

  await page.goto(callbackLink(server, mallory));
  await page.getByRole('dialog', { name: 'Connexion' }).getByRole('button', { name: 'Annuler' }).click();
  await page.waitForURL(/\/shatteredrealms\/?$/);
  await expect(page.getByRole('navigation')).toContainText(ana.displayName);
  expect(await page.evaluate(() => localStorage.getItem('userId'))).toBe(ana.userId);
});

test('tokens the server does not know go home without a question', async ({ page }) => {
  await page.goto(`${server.url}/shatteredrealms/auth/callback?access_token=forged&refresh_token=forged`);
  await page.waitForURL(/\/shatteredrealms\/?$/);
  await expect(page.getByRole('dialog', { name: 'Connexion' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toHaveCount(0);
  expect(await storedToken(page)).toBeNull();
});

test('a game opened right after signing in through the link opens, however early it is opened', async ({
  browser,
}) => {
  const { player, gameId } = await gameWithPlayer(server, 'Partie du soir');
  // The session check is held back, so that the game is always opened while it is in flight.
  const slowCheck = async (page: Page) =>
    page.route('**/api/auth/verify', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue().catch(() => undefined);
    });
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await slowCheck(page);
    await page.goto(callbackLink(server, player));
    await page
      .getByRole('dialog', { name: 'Connexion' })
      .getByRole('button', { name: 'Se connecter' })
      .click();
    await page.goto(`${server.url}${BASE_PATH}/game?gameId=${gameId}`);
    await expect(page.getByRole('heading', { name: 'Partie du soir' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(`${BASE_PATH}/game`);
    expect(await storedToken(page)).not.toBeNull();
    await context.close();
  }
});
