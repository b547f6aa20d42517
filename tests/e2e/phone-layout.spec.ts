import { expect, test, type Browser, type Page } from '@playwright/test';
import { insertAcceptedPlayer, insertCharacter, insertGame } from '../helpers/game-fixtures';
import type { RegisteredUser, TestServer } from '../helpers/server';
import { closeServerAfterPages, openSignedIn, startServerWithDatabase } from './helpers/own-server';

let server: TestServer;
test.beforeAll(async () => {
  server = await startServerWithDatabase();
});
test.afterAll(({ browser }) => closeServerAfterPages(server, browser));

const PHONE = { width: 390, height: 800 };

async function onPhone(browser: Browser, user: RegisteredUser, path: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: PHONE, locale: 'fr-FR' })).newPage();
  await openSignedIn(page, server, user, path);
  return page;
}

/** Nothing wider than the screen: a page that scrolls sideways hides its buttons on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
}

test('on a phone the admin page, the creation page and the character sheet fit the screen', async ({
  browser,
}) => {
  const [mj, player] = await Promise.all([server.register(), server.register()]);
  const db = server.database.db;
  const gameId = await insertGame(db, mj.userId, 'Les Terres Brisées');
  await insertAcceptedPlayer(db, gameId, mj.userId, player.userId);
  const characterId = await insertCharacter(db, { userId: player.userId, gameId, name: 'Aelis' });

  const admin = await onPhone(browser, mj, `/admin/game?gameId=${gameId}`);
  await admin.getByLabel('Catégorie', { exact: true }).selectOption({ label: 'Attaques' });
  await admin.getByRole('button', { name: 'Créer' }).click();
  await expect(admin.getByRole('form', { name: 'Formulaire de ressource' })).toBeVisible();
  await expectNoSidewaysScroll(admin);

  const sheet = await onPhone(browser, player, `/view?id=${characterId}&gameId=${gameId}`);
  await expect(sheet.getByRole('heading', { name: 'Aelis' })).toBeVisible();
  await expectNoSidewaysScroll(sheet);

  const creation = await onPhone(browser, player, `/creation?gameId=${gameId}`);
  await expect(creation.getByRole('button', { name: 'Créer le personnage' })).toBeVisible();
  await expectNoSidewaysScroll(creation);
});

test('on a phone held landscape the table fits the screen: the map beside the chat, nothing to scroll', async ({
  browser,
}) => {
  const mj = await server.register();
  const gameId = await insertGame(server.database.db, mj.userId, 'La Crypte');
  const landscape = { width: 844, height: 390 };
  const page = await (
    await browser.newContext({ viewport: landscape, locale: 'fr-FR', hasTouch: true, isMobile: true })
  ).newPage();
  await openSignedIn(page, server, mj, `/game?gameId=${gameId}&playerId=${mj.userId}`);
  const map = page.locator('.table-map');
  const chat = page.getByRole('complementary', { name: 'Chat de la partie' });
  await expect(chat).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]),
    )
    .toEqual([landscape.width, landscape.height]);
  const [mapBox, chatBox] = [(await map.boundingBox())!, (await chat.boundingBox())!];
  expect(chatBox.x).toBeGreaterThanOrEqual(mapBox.x + mapBox.width);
  expect(mapBox.y + mapBox.height).toBeLessThanOrEqual(landscape.height);
});
