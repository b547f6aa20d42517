import { expect, test, type Page } from '@playwright/test';
import { callbackLink, openSignedIn, ownServer } from './helpers/own-server';

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
