import { expect, test, type Page } from '@playwright/test';
import { insertGame } from '../helpers/game-fixtures';
import { openSignedIn, ownServer } from './helpers/own-server';
import { gameWithHero } from './helpers/party';
import { furnishGame, tableOf } from './helpers/table';

const server = ownServer();

const chatLines = (page: Page) =>
  tableOf(page).chat.locator('.game-chat__line:not(.game-chat__line--pending)');
const logOf = (page: Page) => tableOf(page).chat.locator('.game-chat__lines');

/** What moves when a page grows: its height, the window's scroll, and where the map stands. */
async function frame(page: Page) {
  const map = (await page.locator('.table-map').boundingBox())!;
  const [height, scrolled] = await page.evaluate(() => [
    document.documentElement.scrollHeight,
    window.scrollY,
  ]);
  return { height, scrolled, map: { y: Math.round(map.y), height: Math.round(map.height) } };
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
]) {
  test(`at ${viewport.width}×${viewport.height} the table is one screen: 50 messages scroll the chat's log, never the page nor the map`, async ({
    browser,
  }) => {
    const { mj, player, gameId, characterId } = await gameWithHero(server, 'La Veillée');
    const open = async (user: typeof mj, path: string) => {
      const page = await (await browser.newContext({ viewport, locale: 'fr-FR' })).newPage();
      await openSignedIn(page, server, user, path);
      await expect(tableOf(page).chat).toBeVisible();
      return page;
    };
    const master = await open(mj, `/game?gameId=${gameId}`);
    const reader = await open(player, `/game?gameId=${gameId}&playerId=${characterId}`);

    // Seated: both players listed, the entrance's status line gone.
    await expect(reader.locator('.connected-players li')).toHaveCount(2);
    await expect(reader.locator('.game-page__status')).toBeEmpty();
    const before = await frame(reader);
    expect(before.height).toBe(viewport.height);
    for (let index = 1; index <= 50; index++) await tableOf(master).say(`Message ${index} du MJ`);
    await expect(chatLines(reader)).toHaveCount(50);
    expect(await frame(reader)).toEqual(before);
    // The newest line is in view in the log itself.
    await expect(chatLines(reader).last()).toBeInViewport();

    // The reader scrolls back to read; a new line keeps their place.
    await logOf(reader).evaluate((log) => {
      log.scrollTop = 0;
    });
    await tableOf(master).say('Encore un');
    await expect(chatLines(reader)).toHaveCount(51);
    expect(await logOf(reader).evaluate((log) => log.scrollTop)).toBe(0);
    // Their own line brings them back to the newest.
    await tableOf(reader).say('Je suis là');
    await expect(chatLines(reader).last()).toContainText('Je suis là');
    await expect(chatLines(reader).last()).toBeInViewport();

    // The dice menu opens over the chat, not into the page.
    await tableOf(reader).chat.getByRole('button', { name: 'Dés', exact: true }).click();
    await expect(tableOf(reader).chat.getByRole('form', { name: /dés/i })).toBeVisible();
    expect(await frame(reader)).toEqual(before);
  });
}

test('the measuring arrow counts the map’s cells at any size the map is drawn: « 5 cases » for 3 × 4 cells', async ({
  browser,
}) => {
  const mj = await server.register();
  const gameId = await insertGame(server.database.db, mj.userId, 'La Règle');
  await furnishGame(server, mj, gameId, 'Plaine', []);
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1100, height: 800 },
  ]) {
    const page = await (await browser.newContext({ viewport, locale: 'fr-FR' })).newPage();
    await openSignedIn(page, server, mj, `/game?gameId=${gameId}`);
    await tableOf(page).bringPlayersTo('Plaine');
    const table = tableOf(page);
    await expect(table.map.getByRole('img', { name: 'Plaine' })).toBeVisible();
    // The picture is 1,500 px wide: one of its cells is 75 of them, whatever the screen shows.
    const box = (await table.map.boundingBox())!;
    const cell = await table.cellOnScreen();
    // From the middle of a cell, 3 across and 4 down: 4 + ⌊3 ÷ 2⌋ = 5 by the 5-10-5 rule.
    const from = { x: box.x + 2.5 * cell, y: box.y + 2.5 * cell };
    await table.holdRuler(from, { x: from.x + 3 * cell, y: from.y + 4 * cell });
    await expect(table.distance).toHaveText('5 cases');
    await table.releaseRuler();
    await page.context().close();
  }
});

test('a button with a look of its own keeps it under the pointer: the chat’s voice toggle is no gold square', async ({
  browser,
}) => {
  const mj = await server.register();
  const gameId = await insertGame(server.database.db, mj.userId, 'La Lanterne');
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await openSignedIn(page, server, mj, `/game?gameId=${gameId}`);
  const voice = tableOf(page).chat.getByRole('button', { name: 'Lecture vocale désactivée' });
  const idle = await voice.evaluate((button) => getComputedStyle(button).color);
  await voice.hover();
  // Its own hover lights its glyph: once that shows, the pointer's styles have applied.
  await expect(voice).not.toHaveCSS('color', idle);
  expect(await voice.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
  // A plain button still lights up.
  const send = tableOf(page).chat.getByRole('button', { name: 'Envoyer' });
  const resting = await send.evaluate((button) => getComputedStyle(button).backgroundColor);
  await send.hover();
  await expect(send).not.toHaveCSS('background-color', resting);
});
