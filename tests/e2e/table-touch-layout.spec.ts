import { expect, test, type Browser, type Page } from '@playwright/test';
import { insertGame } from '../helpers/game-fixtures';
import type { RegisteredUser } from '../helpers/server';
import { openSignedInAt, ownServer } from './helpers/own-server';
import { gameWithHero } from './helpers/party';
import { centreOf, furnishGame, tableOf, uncovered, type Table } from './helpers/table';

const server = ownServer();

const DESKTOP = { width: 1440, height: 900 };
const LANDSCAPE_PHONE = { width: 844, height: 390 };

const openAt = (
  browser: Browser,
  user: RegisteredUser,
  path: string,
  viewport: { width: number; height: number },
  touch = false,
) => openSignedInAt(browser, server, user, path, viewport, touch);

/** The MJ's game with the test map « Plaine » (and « Crypte »), shown to everyone, and a goblin on it. */
async function preparedGame(browser: Browser) {
  const game = await gameWithHero(server, 'La Veillée');
  await furnishGame(server, game.mj, game.gameId, 'Plaine', [{ name: 'Gobelin', HP: 7 }]);
  await furnishGame(server, game.mj, game.gameId, 'Crypte', []);
  const master = await openAt(browser, game.mj, `/game?gameId=${game.gameId}`, DESKTOP);
  const table = tableOf(master);
  await table.bringPlayersTo('Plaine');
  await expect(table.map.getByRole('img', { name: 'Plaine' })).toBeVisible();
  await table.placeFromMenu({ x: 200, y: 200 }, 'Gobelin');
  await expect(table.token('Gobelin 1')).toBeVisible();
  return { ...game, master, table };
}

/** The table's targets smaller than a finger (44 × 44 px): their names and sizes. */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.game-page button, .game-page select, .game-page input')]
      .filter((element) => element.offsetParent !== null && !element.closest('.map-token'))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      // Less than 44 once rounded: a box of 43.99 px is the browser's arithmetic, not a small target.
      .filter(({ box }) => Math.round(box.width) < 44 || Math.round(box.height) < 44)
      .map(
        ({ element, box }) =>
          `${element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName} ${Math.round(box.width)}×${Math.round(box.height)}`,
      ),
  );
}

async function expectPanelClear(page: Page, table: Table) {
  await expect.poll(() => uncovered(table.zoom.getByRole('button'))).not.toContain(false);
  const panel = (await table.turnOrder.boundingBox())!;
  const chat = (await table.chat.boundingBox())!;
  expect(panel.x + panel.width).toBeLessThanOrEqual(chat.x);
}

test('held landscape on a touch screen, the turn panel leaves the map’s buttons uncovered, every target is a finger wide, and a token is grabbable at the fit', async ({
  browser,
}) => {
  const { player, gameId, characterId } = await preparedGame(browser);
  const phone = await openAt(
    browser,
    player,
    `/game?gameId=${gameId}&playerId=${characterId}`,
    LANDSCAPE_PHONE,
    true,
  );
  const table = tableOf(phone);
  await expect(table.token('Gobelin 1')).toBeVisible();
  await expect(table.turnOrder).toBeVisible();

  // Folded, then open: the panel never sits over « − », « + », « Ajuster » or « Règle », nor the chat.
  await expectPanelClear(phone, table);
  await table.turnOrder.getByRole('button', { name: 'Déplier', exact: true }).click();
  await expectPanelClear(phone, table);

  // The player moves it with a finger, down onto the map's buttons: it stops above them.
  const header = (await table.turnOrder.locator('header').boundingBox())!;
  const buttons = (await table.zoom.boundingBox())!;
  await table.touchDrag(
    { x: header.x + 30, y: header.y + header.height / 2 },
    { x: buttons.x + 30, y: buttons.y + 10 },
  );
  await expect.poll(async () => (await table.turnOrder.boundingBox())!.x).toBeLessThan(header.x - 100);
  await expectPanelClear(phone, table);

  expect(await smallTargets(phone)).toEqual([]);

  // At the fit the token is drawn small, but a finger 20 px beside its middle still takes it.
  const token = centreOf((await table.token('Gobelin 1').boundingBox())!);
  const grabbed = await phone.evaluate(
    ({ x, y }) =>
      [
        [x + 20, y],
        [x, y - 20],
      ].map(([px, py]) =>
        document.elementFromPoint(px!, py!)?.closest('.map-token')?.getAttribute('aria-label'),
      ),
    token,
  );
  expect(grabbed.map((label) => label?.startsWith('Gobelin 1,'))).toEqual([true, true]);
});

test('held landscape on a touch screen, the MJ undoes a move with a finger from the top bar, the fog tool whole on the map', async ({
  browser,
}) => {
  const { mj, gameId } = await preparedGame(browser);
  const phone = await openAt(browser, mj, `/game?gameId=${gameId}`, LANDSCAPE_PHONE, true);
  const table = tableOf(phone);
  await expect(table.token('Gobelin 1')).toBeVisible();
  const undo = phone.getByRole('button', { name: 'Annuler', exact: true });
  const redo = phone.getByRole('button', { name: 'Rétablir', exact: true });
  await expect(redo).toBeDisabled();

  const placed = await table.positionOf('Gobelin 1');
  const from = centreOf((await table.token('Gobelin 1').boundingBox())!);
  await table.touchDrag(from, { x: from.x + 80, y: from.y + 40 });
  await expect.poll(() => table.positionOf('Gobelin 1')).not.toEqual(placed);
  await expect(undo).toHaveAttribute('title', 'Annuler\u00a0: Déplacement de Gobelin 1 (Ctrl+Z)');

  // Both buttons a finger wide, and nothing (the turn panel, the map's row) over them.
  for (const button of [undo, redo]) {
    const box = (await button.boundingBox())!;
    expect(Math.round(box.width)).toBeGreaterThanOrEqual(44);
    expect(Math.round(box.height)).toBeGreaterThanOrEqual(44);
  }
  await table.turnOrder.getByRole('button', { name: 'Déplier', exact: true }).click();
  expect(await uncovered(phone.locator('.live-table__history'))).toEqual([true, true]);
  expect(await smallTargets(phone)).toEqual([]);

  await undo.tap();
  await expect.poll(() => table.positionOf('Gobelin 1')).toEqual(placed);
  await expect(redo).toBeEnabled();

  // « Brouillard » is whole on the map, and its panel leaves the map's buttons and the turn panel uncovered.
  const frame = (await table.frame.boundingBox())!;
  const tool = await table.tool('Brouillard');
  const fog = (await tool.boundingBox())!;
  expect(fog.x + fog.width).toBeLessThanOrEqual(frame.x + frame.width);
  await tool.tap();
  await expect(phone.getByRole('form', { name: 'Brouillard de guerre' })).toBeVisible();
  await expect.poll(() => uncovered(table.zoom.getByRole('button'))).not.toContain(false);
  await expect.poll(() => uncovered(table.turnOrder.locator('header'))).toEqual([true]);
});

test('the turn panel is dragged without selecting text, stays off the chat, and is found where it was left after a reload', async ({
  browser,
}) => {
  const { master, table } = await preparedGame(browser);
  const header = (await table.turnOrder.locator('header').boundingBox())!;
  const grip = { x: header.x + 40, y: header.y + header.height / 2 };
  await master.mouse.move(grip.x, grip.y);
  await master.mouse.down();
  await master.mouse.move(grip.x - 200, grip.y + 60, { steps: 6 });
  await master.mouse.move(grip.x - 300, grip.y + 100, { steps: 6 });
  await master.mouse.up();
  expect(await master.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
  const moved = (await table.turnOrder.boundingBox())!;
  expect(Math.abs(moved.x - (header.x - 300))).toBeLessThan(2);

  // Pushed right into the chat, it stops at the map's edge.
  const now = (await table.turnOrder.locator('header').boundingBox())!;
  await master.mouse.move(now.x + 40, now.y + 10);
  await master.mouse.down();
  await master.mouse.move(DESKTOP.width - 20, now.y + 10, { steps: 8 });
  await master.mouse.up();
  await expectPanelClear(master, table);
  const left = (await table.turnOrder.boundingBox())!;

  await table.turnOrder.getByRole('button', { name: 'Replier', exact: true }).click();
  await master.reload();
  await expect(table.turnOrder).toBeVisible();
  await expect(table.turnOrder.getByRole('button', { name: 'Déplier', exact: true })).toBeVisible();
  const after = (await table.turnOrder.boundingBox())!;
  expect(Math.abs(after.x - left.x) + Math.abs(after.y - left.y)).toBeLessThan(2);
});

test('while the MJ prepares another map, the table says which one the players see', async ({ browser }) => {
  const { master, table } = await preparedGame(browser);
  const notice = master.getByText(/^Les joueurs voient/);
  await expect(notice).toBeHidden();
  await master.getByLabel('Carte', { exact: true }).selectOption({ label: 'Crypte' });
  await master.getByRole('button', { name: 'Non, la préparer seul' }).click();
  await expect(table.map.getByRole('img', { name: 'Crypte' })).toBeVisible();
  await expect(notice).toHaveText(/^Les joueurs voient\s: Plaine$/);
  await table.bringPlayersTo('Crypte');
  await expect(notice).toBeHidden();
});

test('« + » stops at the closest zoom and « − » at the furthest', async ({ browser }) => {
  const { table } = await preparedGame(browser);
  const zoomIn = table.zoom.getByRole('button', { name: 'Zoom avant' });
  const zoomOut = table.zoom.getByRole('button', { name: 'Zoom arrière' });
  const level = table.zoom.locator('output');
  while (!(await level.textContent())?.startsWith('400')) await zoomIn.click();
  await expect(zoomIn).toBeDisabled();
  await expect(zoomOut).toBeEnabled();
  while (await zoomOut.isEnabled()) await zoomOut.click();
  await expect(zoomIn).toBeEnabled();
  await expect(level).toHaveText(/^20\s%$/);
});

test('held landscape, the top bar’s buttons are drawn on no star, and the dice menu shows its fields whole', async ({
  browser,
}) => {
  const mj = await server.register();
  const gameId = await insertGame(server.database.db, mj.userId, 'Sans carte');
  const phone = await openAt(browser, mj, `/game?gameId=${gameId}`, LANDSCAPE_PHONE, true);
  const table = tableOf(phone);
  await expect(table.chat).toBeVisible();
  const backgrounds = await phone
    .locator('.game-page__header button, .live-table__toolbar button')
    .evaluateAll((buttons) =>
      buttons.map((button) => {
        // The first ancestor, the button included, that paints a background of its own.
        for (let element: Element | null = button; element; element = element.parentElement) {
          const style = getComputedStyle(element);
          if (style.backgroundImage !== 'none') return `${button.textContent} over stars`;
          if (style.backgroundColor !== 'rgba(0, 0, 0, 0)') return 'opaque';
        }
        return `${button.textContent} over the page`;
      }),
    );
  expect(backgrounds.filter((seen) => seen !== 'opaque')).toEqual([]);

  await table.chat.getByRole('button', { name: 'Dés', exact: true }).click();
  const other = table.chat.getByLabel('Autre (7–20)');
  const cut = await other.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(input.placeholder).width > room;
  });
  expect(cut).toBe(false);
});
