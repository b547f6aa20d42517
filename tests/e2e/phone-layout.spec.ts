import { expect, test, type Browser, type Page } from '@playwright/test';
import { insertGame } from '../helpers/game-fixtures';
import type { RegisteredUser } from '../helpers/server';
import { BASE_PATH } from '../../src/api/paths';
import { openSignedIn, ownServer } from './helpers/own-server';
import { gameWithHero } from './helpers/party';

const server = ownServer();

const PHONE = { width: 390, height: 800 };

async function onPhone(browser: Browser, user: RegisteredUser, path: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: PHONE, locale: 'fr-FR' })).newPage();
  await openSignedIn(page, server, user, path);
  return page;
}

/** Nothing wider than the screen: a page that scrolls sideways hides its buttons on a phone. */
async function expectNoSidewaysScroll(page: Page, width = PHONE.width) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
}

/** Scrolled to, the whole element lies inside the screen: nothing of it cut at an edge. */
async function expectOnScreen(page: Page, locator: ReturnType<Page['locator']>) {
  await locator.scrollIntoViewIfNeeded();
  const box = (await locator.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

test('on a phone the admin page, the creation page and the character sheet fit the screen', async ({
  browser,
}) => {
  const { mj, player, gameId, characterId } = await gameWithHero(server, 'Les Terres Brisées');

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
  // The header and the role bar leave the map most of the height, and the chat's input is in view.
  expect(mapBox.y).toBeLessThan(90);
  expect(mapBox.height).toBeGreaterThan(landscape.height - 100);
  const input = (await chat.getByRole('combobox').boundingBox())!;
  expect(input.y + input.height).toBeLessThanOrEqual(landscape.height);
  // The dice open whole in the window, over the map, uncut by the chat's column, its buttons uncovered.
  await chat.getByRole('button', { name: 'Dés', exact: true }).click();
  const dice = page.locator('.game-chat__popover');
  await expect(dice).toBeVisible();
  const box = (await dice.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(landscape.height);
  const corners = await page.evaluate(
    ({ x, y, width, height }) =>
      [
        [x + 12, y + 12],
        [x + width - 12, y + height - 12],
      ].map(([px, py]) => document.elementFromPoint(px!, py!)?.closest('.game-chat__popover') !== null),
    box,
  );
  expect(corners).toEqual([true, true]);
  await chat.getByRole('button', { name: 'Dés', exact: true }).click();
  await expect(dice).toBeHidden();

  // « Son » opens its settings whole in the window, uncut by the toolbar's scrolling row, each a finger's 44 px.
  await page.getByRole('button', { name: 'Son', exact: true }).click();
  const sound = page.getByRole('dialog', { name: 'Son' });
  await expect(sound).toBeVisible();
  const soundBox = (await sound.boundingBox())!;
  expect(soundBox.x).toBeGreaterThanOrEqual(0);
  expect(soundBox.x + soundBox.width).toBeLessThanOrEqual(landscape.width);
  expect(soundBox.y + soundBox.height).toBeLessThanOrEqual(landscape.height);
  for (const control of [
    sound.getByLabel('Mon volume'),
    sound.getByRole('button', { name: 'Couper le son' }),
    sound.getByText('Son des dés'),
  ]) {
    expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await page.keyboard.press('Escape');
  await expect(sound).toBeHidden();

  // Folded, the chat gives its column back to the map: only its two buttons (44 px each for a finger) stay.
  await chat.getByRole('button', { name: 'Replier le chat' }).click();
  await expect.poll(async () => (await map.boundingBox())!.width).toBeGreaterThan(landscape.width - 140);
});

test('held portrait, a phone logs in and uses a lobby; only the game table asks to turn the phone', async ({
  browser,
}) => {
  const portrait = { width: 390, height: 844 };
  const mj = await server.register();
  const gameId = await insertGame(server.database.db, mj.userId, 'La Crypte');
  const page = await (
    await browser.newContext({ viewport: portrait, locale: 'fr-FR', hasTouch: true, isMobile: true })
  ).newPage();
  const turnThePhone = page.getByText('Tournez votre appareil en mode paysage');

  await page.goto(`${server.url}${BASE_PATH}/`);
  await page.getByRole('button', { name: 'Entrer' }).click();
  const form = page.getByRole('form', { name: 'Connexion' });
  await expect(form).toBeVisible();
  await expect(turnThePhone).toBeHidden();
  await expectOnScreen(page, form);
  await form.getByLabel('Email').fill(mj.email);
  await form.getByLabel('Mot de passe', { exact: true }).fill(mj.password);
  await form.getByRole('button', { name: 'Se connecter' }).click();

  await page.getByRole('button', { name: 'Maître du jeu' }).click();
  const game = page.getByRole('listitem', { name: 'La Crypte' });
  await expect(game).toBeVisible();
  await expect(turnThePhone).toBeHidden();
  await expectNoSidewaysScroll(page, portrait.width);
  await expectOnScreen(page, game.getByRole('button', { name: 'Rejoindre' }));
  await expectOnScreen(page, page.getByRole('button', { name: 'Créer une partie' }));

  await page.goto(`${server.url}${BASE_PATH}/game?gameId=${gameId}&playerId=${mj.userId}`);
  await expect(turnThePhone).toBeVisible();
});
