import { expect, test } from '@playwright/test';
import { insertAcceptedPlayer, insertCharacter, insertGame } from '../helpers/game-fixtures';
import type { TestServer } from '../helpers/server';
import { closeServerAfterPages, openSignedIn, servedMapPicture, startServerWithDatabase } from './helpers/own-server';

let server: TestServer;
test.beforeAll(async () => {
  server = await startServerWithDatabase();
});
test.afterAll(({ browser }) => closeServerAfterPages(server, browser));

test('shots', async ({ browser }) => {
  test.setTimeout(300_000);
  const [mj, player] = await Promise.all([server.register(), server.register()]);
  const db = server.database.db;
  const gameId = await insertGame(db, mj.userId, 'La Crypte des Murmures');
  await insertAcceptedPlayer(db, gameId, mj.userId, player.userId);
  const characterId = await insertCharacter(db, { userId: player.userId, gameId, name: 'Aelis' });
  await server.api('POST', `/game-data/${gameId}/map`, { name: 'Plaine', link: servedMapPicture(server) }, mj.token);
  await server.api('POST', `/game-data/${gameId}/monster`, { name: 'Gobelin', HP: 7 }, mj.token);
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await openSignedIn(page, server, mj, `/game?gameId=${gameId}`);
  await page.getByLabel('Carte', { exact: true }).selectOption({ label: 'Plaine' });
  await page.getByRole('button', { name: 'Oui, emmener les joueurs' }).click();
  const frame = (await page.locator('.table-map__frame').boundingBox())!;
  for (let i = 0; i < 8; i++) {
    await page.mouse.click(frame.x + 120 + (i % 4) * 150, frame.y + 120 + Math.floor(i / 4) * 160, { button: 'right' });
    await page.getByRole('menuitem', { name: 'Gobelin' }).click();
  }
  await page.mouse.click(frame.x + 400, frame.y + 450, { button: 'right' });
  await page.getByRole('menuitem', { name: 'Aelis' }).click();
  const chat = page.getByRole('complementary', { name: 'Chat de la partie' });
  for (let i = 0; i < 25; i++) {
    await chat.getByRole('textbox').fill(i % 5 === 0 ? '/r 1d20+3' : `Message numéro ${i} : les gobelins approchent de la crypte, préparez-vous.`);
    await chat.getByRole('textbox').press('Enter');
  }
  await expect(page.locator('.map-token')).toHaveCount(9);
  await page.context().close();
  for (const [who, user, path] of [
    ['mj', mj, `/game?gameId=${gameId}`],
    ['player', player, `/game?gameId=${gameId}&playerId=${characterId}`],
  ] as const) {
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 1280, height: 720 },
      { width: 980, height: 800 },
      { width: 844, height: 390 },
      { width: 390, height: 844 },
    ]) {
      const phone = viewport.width < 1000;
      const p = await (await browser.newContext({ viewport, hasTouch: phone, isMobile: viewport.width < 900 })).newPage();
      await openSignedIn(p, server, user, path);
      if (viewport.width !== 390) await expect(p.locator('.map-token').first()).toBeVisible();
      await p.waitForTimeout(600);
      await p.screenshot({ path: `/tmp/shots/${who}-${viewport.width}x${viewport.height}.png` });
      await p.context().close();
    }
  }
});
