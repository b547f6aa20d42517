import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { insertGame } from '../helpers/game-fixtures';
import type { RegisteredUser } from '../helpers/server';
import { openSignedIn, ownServer } from './helpers/own-server';
import { centreOf, furnishGame, tableOf, uncovered, type Point, type Table } from './helpers/table';

const server = ownServer();

/** A game of the MJ's with a 1,500 × 1,000 map (20 × 13 cells of 75 px) and a goblin, opened at the table. */
async function openTable(page: Page, mj: RegisteredUser, name: string): Promise<Table> {
  const gameId = await insertGame(server.database.db, mj.userId, name);
  await furnishGame(server, mj, gameId, 'Plaine', [{ name: 'Gobelin', HP: 7 }]);
  await openSignedIn(page, server, mj, `/game?gameId=${gameId}`);
  const table = tableOf(page);
  await table.bringPlayersTo('Plaine');
  await expect(table.map.getByRole('img', { name: 'Plaine' })).toBeVisible();
  return table;
}

async function placeGoblin(table: Table, at: Point) {
  await table.placeAt(at, 'Gobelin');
  await expect(table.token('Gobelin 1')).toBeVisible();
}

async function touch(
  cdp: CDPSession,
  type: 'touchStart' | 'touchMove' | 'touchEnd',
  points: { x: number; y: number }[],
) {
  await cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map((point, id) => ({ x: point.x, y: point.y, id })),
  });
}

test('the map zooms with the wheel around the pointer and pans by its empty floor; a token stays one cell and the ruler counts cells at any zoom', async ({
  browser,
}) => {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  const table = await openTable(page, await server.register(), 'Le Zoom');
  const frame = (await table.frame.boundingBox())!;
  await placeGoblin(table, centreOf(frame));

  const fitted = await table.cellOnScreen();
  const goblin = (await table.token('Gobelin 1').boundingBox())!;
  expect(goblin.width).toBeCloseTo(fitted, 0);

  // The wheel zooms around the pointer: the goblin under it stays under it.
  const centre = { x: goblin.x + goblin.width / 2, y: goblin.y + goblin.height / 2 };
  await page.mouse.move(centre.x, centre.y);
  for (let notch = 0; notch < 4; notch++) await page.mouse.wheel(0, -100);
  await expect.poll(() => table.cellOnScreen()).toBeGreaterThan(fitted * 1.8);
  const zoomed = (await table.token('Gobelin 1').boundingBox())!;
  expect(zoomed.width).toBeCloseTo(await table.cellOnScreen(), 0);
  expect(Math.abs(zoomed.x + zoomed.width / 2 - centre.x)).toBeLessThan(2);
  await expect(table.zoom.getByLabel('Niveau de zoom')).not.toHaveText(/^67/);

  // At this zoom the arrow over 3 × 4 cells still says 5 cells.
  const cell = await table.cellOnScreen();
  const from = { x: frame.x + 40, y: frame.y + 40 };
  await table.holdRuler(from, { x: from.x + 3 * cell, y: from.y + 4 * cell });
  await expect(table.distance).toHaveText('5 cases');
  await table.releaseRuler();

  // Dragging the empty floor pans the map; the goblin goes with it and does not move on the map.
  const stored = await table.token('Gobelin 1').evaluate((element) => (element as HTMLElement).style.left);
  const before = (await table.map.boundingBox())!;
  await page.mouse.move(frame.x + 30, frame.y + frame.height - 80);
  await page.mouse.down();
  await page.mouse.move(frame.x + 230, frame.y + frame.height - 180, { steps: 8 });
  await page.mouse.up();
  const after = (await table.map.boundingBox())!;
  expect(after.x - before.x).toBeCloseTo(200, 0);
  expect(after.y - before.y).toBeCloseTo(-100, 0);
  expect(await table.token('Gobelin 1').evaluate((element) => (element as HTMLElement).style.left)).toBe(
    stored,
  );

  // The MJ's management list finds the goblin: it comes to the middle of the map.
  await page.getByRole('button', { name: 'Mode gestion' }).click();
  await page
    .getByRole('region', { name: 'Participants' })
    .getByRole('button', { name: /^Gobelin/ })
    .click();
  await expect
    .poll(async () => {
      const [box, now] = [
        (await table.token('Gobelin 1').boundingBox())!,
        (await table.frame.boundingBox())!,
      ];
      return Math.round(
        Math.hypot(
          box.x + box.width / 2 - (now.x + now.width / 2),
          box.y + box.height / 2 - (now.y + now.height / 2),
        ),
      );
    })
    .toBeLessThan(2);
  await page.getByRole('button', { name: 'Retour au chat' }).click();

  // « Ajuster » shows the whole map again.
  await table.zoom.getByRole('button', { name: 'Ajuster' }).click();
  await expect.poll(() => table.cellOnScreen()).toBeCloseTo(fitted, 1);
  await table.zoom.getByRole('button', { name: 'Zoom avant' }).click();
  await expect.poll(() => table.cellOnScreen()).toBeCloseTo(fitted * 1.25, 1);
  await page.context().close();
});

test('a token dragged past a corner stays wholly on the map, and its menu opens over the turn-order panel', async ({
  browser,
}) => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  const table = await openTable(page, await server.register(), 'Le Coin');
  const frame = (await table.frame.boundingBox())!;
  await placeGoblin(table, centreOf(frame));

  const goblin = (await table.token('Gobelin 1').boundingBox())!;
  const map = (await table.map.boundingBox())!;
  await page.mouse.move(goblin.x + 10, goblin.y + 10);
  await page.mouse.down();
  // The top right corner: the map's buttons run along its bottom edge.
  await page.mouse.move(map.x + map.width + 200, map.y - 200, { steps: 10 });
  await page.mouse.up();
  await expect
    .poll(async () => {
      const [box, now] = [(await table.token('Gobelin 1').boundingBox())!, (await table.map.boundingBox())!];
      return box.x + box.width <= now.x + now.width + 0.5 && box.y >= now.y - 0.5;
    })
    .toBe(true);
  // After a reload too: the place is the server's.
  await page.reload();
  await expect(table.token('Gobelin 1')).toBeVisible();
  const kept = (await table.token('Gobelin 1').boundingBox())!;
  const redrawn = (await table.map.boundingBox())!;
  expect(kept.x + kept.width).toBeLessThanOrEqual(redrawn.x + redrawn.width + 0.5);
  expect(kept.y).toBeGreaterThanOrEqual(redrawn.y - 0.5);

  // Its menu opens over whatever covers that corner, inside the window, its buttons reachable.
  await table.token('Gobelin 1').click({ button: 'right' });
  const menu = page.getByRole('dialog', { name: 'Gobelin 1' });
  await expect(menu).toBeVisible();
  const box = (await menu.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  const hide = menu.getByRole('button', { name: 'Masquer aux joueurs' });
  const hideBox = (await hide.boundingBox())!;
  const onTop = await page.evaluate(
    ({ x, y }) =>
      document.elementFromPoint(x, y)?.closest('[role="dialog"]')?.getAttribute('aria-labelledby') ?? null,
    { x: hideBox.x + hideBox.width / 2, y: hideBox.y + hideBox.height / 2 },
  );
  expect(onTop).not.toBeNull();
  await page.context().close();
});

test('at 1280 px the MJ’s tools fold behind « Outils », reached by the keyboard, and nothing covers the map’s bottom right corner', async ({
  browser,
}) => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const table = await openTable(page, await server.register(), 'Le Coin');
  const frame = (await table.frame.boundingBox())!;
  await placeGoblin(table, { x: frame.x + frame.width - 25, y: frame.y + frame.height - 25 });

  // The corner's last cell is the map's: the row of buttons ends short of it.
  const cell = await table.cellOnScreen();
  const corner = await page.evaluate(
    ({ right, bottom, cell }) =>
      [
        [right - 4, bottom - 4],
        [right - cell, bottom - 4],
        [right - 4, bottom - cell],
        [right - cell, bottom - cell],
      ].map(([x, y]) => document.elementFromPoint(x!, y!)?.closest('.table-map__frame') !== null),
    { right: frame.x + frame.width, bottom: frame.y + frame.height, cell },
  );
  expect(corner).toEqual([true, true, true, true]);
  expect(await uncovered(table.token('Gobelin 1'))).toEqual([true]);
  await expect(table.zoom.getByRole('button', { name: 'Brouillard' })).toBeHidden();

  // Enter unfolds the tools above « Outils », Tab goes through them, Escape folds them back.
  const more = table.zoom.getByRole('button', { name: 'Outils', exact: true });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(table.zoom.getByRole('button', { name: 'Grille' })).toBeFocused();
  expect(
    await uncovered(table.zoom.getByRole('group', { name: 'Outils du MJ' }).getByRole('button')),
  ).toEqual([true, true, true]);
  await page.keyboard.press('Escape');
  await expect(more).toBeFocused();
  await expect(table.zoom.getByRole('button', { name: 'Grille' })).toBeHidden();

  // A tool picked from it opens and folds the others away.
  await (await table.tool('Murs')).click();
  await expect(page.getByRole('form', { name: 'Murs et vision' })).toBeVisible();
  await expect(more).toHaveAttribute('aria-expanded', 'false');

  // Where the map is wide enough the tools stand in the row, « Outils » unneeded.
  await page.setViewportSize({ width: 1600, height: 900 });
  await expect(more).toBeHidden();
  await expect(table.zoom.getByRole('button', { name: 'Brouillard' })).toBeVisible();
  await page.context().close();
});

test('on a touch screen two fingers zoom and pan the map, a long press opens « Ajouter un pion », and the ruler measures without Alt', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 844, height: 390 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  const table = await openTable(page, await server.register(), 'Le Pouce');
  await expect(page.getByText('Alt + clic pour mesurer une distance')).toBeHidden();
  const cdp = await context.newCDPSession(page);
  const frame = (await table.frame.boundingBox())!;
  // On a phone the turn-order panel starts folded, its header over the map's right half.
  await expect(page.getByRole('button', { name: 'Déplier' })).toBeVisible();
  const middle = { x: frame.x + frame.width * 0.25, y: frame.y + frame.height * 0.3 };

  const fitted = await table.cellOnScreen();
  await touch(cdp, 'touchStart', [
    { x: middle.x - 40, y: middle.y },
    { x: middle.x + 40, y: middle.y },
  ]);
  for (let step = 1; step <= 8; step++) {
    await touch(cdp, 'touchMove', [
      { x: middle.x - 40 - step * 5, y: middle.y + step * 2 },
      { x: middle.x + 40 + step * 5, y: middle.y + step * 2 },
    ]);
  }
  await touch(cdp, 'touchEnd', []);
  // 80 px apart, then 160: twice the size.
  await expect.poll(() => table.cellOnScreen()).toBeCloseTo(fitted * 2, 1);

  // A finger held still on the floor opens the menu a right click opens.
  await touch(cdp, 'touchStart', [middle]);
  await expect(page.getByRole('menu', { name: 'Ajouter un pion' })).toBeVisible();
  await touch(cdp, 'touchEnd', []);
  await page.getByRole('menu', { name: 'Ajouter un pion' }).getByRole('menuitem', { name: 'Gobelin' }).tap();
  await expect(table.token('Gobelin 1')).toBeVisible();

  // The ruler: a one-finger drag draws the arrow.
  await table.zoom.getByRole('button', { name: 'Règle' }).tap();
  const cell = await table.cellOnScreen();
  const from = { x: frame.x + 30, y: frame.y + 30 };
  await touch(cdp, 'touchStart', [from]);
  await touch(cdp, 'touchMove', [{ x: from.x + 1.5 * cell, y: from.y + 2 * cell }]);
  await touch(cdp, 'touchMove', [{ x: from.x + 3 * cell, y: from.y + 4 * cell }]);
  await expect(table.distance).toHaveText('5 cases');
  await touch(cdp, 'touchEnd', []);
  await expect(table.distance).toHaveCount(0);
  await context.close();
});
