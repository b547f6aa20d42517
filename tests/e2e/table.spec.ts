import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { insertAcceptedPlayer, insertCharacter, insertGame } from '../helpers/game-fixtures';
import type { RegisteredUser, TestServer } from '../helpers/server';
import {
  closeServerAfterPages,
  makeAdmin,
  openSignedIn,
  servedMapPicture,
  startServerWithDatabase,
} from './helpers/own-server';

let server: TestServer;
test.beforeAll(async () => {
  server = await startServerWithDatabase();
});
test.afterAll(({ browser }) => closeServerAfterPages(server, browser));

/** The steps of the table, as the MJ and a player take them (table.md §2 "Game screen"). */
function mapOf(page: Page): Locator {
  return page.locator('.table-map__board');
}

function token(page: Page, name: string): Locator {
  return mapOf(page).getByRole('button', { name: new RegExp(`^${name},`) });
}

async function rightClickMap(page: Page, x: number, y: number) {
  await mapOf(page).click({ button: 'right', position: { x, y } });
}

async function placeFromMenu(page: Page, at: { x: number; y: number }, name: string) {
  await rightClickMap(page, at.x, at.y);
  await page.getByRole('menu', { name: 'Ajouter un pion' }).getByRole('menuitem', { name }).click();
}

/** Where a token sits, in percent of the map, as its style says. */
async function positionOf(locator: Locator): Promise<{ left: string; top: string }> {
  return locator.evaluate((element) => ({
    left: (element as HTMLElement).style.left,
    top: (element as HTMLElement).style.top,
  }));
}

async function dragBy(page: Page, locator: Locator, dx: number, dy: number) {
  const box = (await locator.boundingBox())!;
  const start = { x: box.x + box.width / 2, y: box.y + 20 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + dx / 2, start.y + dy / 2, { steps: 5 });
  await page.mouse.move(start.x + dx, start.y + dy, { steps: 5 });
  await page.mouse.up();
}

function chatOf(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Chat de la partie' });
}

async function say(page: Page, text: string) {
  const input = chatOf(page).getByLabel('Votre message');
  await input.fill(text);
  await input.press('Enter');
}

function turnOrder(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Ordre de tour' });
}

/** Who plays, in order, as the panel lists them. */
function turnNames(page: Page): Locator {
  return turnOrder(page).getByRole('listitem').locator('.turn-panel__name');
}

test('the MJ and a player share one table: tokens placed, moved, hidden, a turn order run, a roll, the same after a reload', async ({
  browser,
}) => {
  test.slow();
  const [mj, player] = await Promise.all([server.register(), server.register()]);
  const db = server.database.db;
  const gameId = await insertGame(db, mj.userId, 'La Crypte');
  await insertAcceptedPlayer(db, gameId, mj.userId, player.userId);
  const characterId = await insertCharacter(db, { userId: player.userId, gameId, name: 'Aelis' });
  const mapLink = servedMapPicture(server);
  const created = await Promise.all([
    server.api('POST', `/game-data/${gameId}/map`, { name: 'Crypte', link: mapLink }, mj.token),
    server.api('POST', `/game-data/${gameId}/monster`, { name: 'Goule', HP: 18 }, mj.token),
  ]);
  expect(created.map((response) => response.status)).toEqual([201, 201]);

  const contexts: BrowserContext[] = [];
  const open = async (user: RegisteredUser, path: string) => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await openSignedIn(page, server, user, path);
    return page;
  };
  const master = await open(mj, `/game?gameId=${gameId}`);
  const playerPath = `/game?gameId=${gameId}&playerId=${characterId}`;
  const hero = await open(player, playerPath);

  // Without a map both see the soul core; the MJ brings the players to the crypt.
  await expect(master.getByText('Maître du jeu', { exact: true })).toBeVisible();
  await expect(hero.getByText('Le maître du jeu n’a pas encore choisi de carte.')).toBeVisible();
  await master.getByLabel('Carte', { exact: true }).selectOption({ label: 'Crypte' });
  await expect(master.getByRole('dialog', { name: 'Changer de carte' })).toBeVisible();
  await master.getByRole('button', { name: 'Oui, emmener les joueurs' }).click();
  await expect(mapOf(master).getByRole('img', { name: 'Crypte' })).toBeVisible();
  await expect(mapOf(hero).getByRole('img', { name: 'Crypte' })).toBeVisible();

  // A monster by the MJ, the player's own character by the player.
  await placeFromMenu(master, { x: 500, y: 200 }, 'Goule');
  await expect(token(hero, 'Goule 1')).toBeVisible();
  await placeFromMenu(hero, { x: 200, y: 200 }, 'Aelis');
  await expect(token(master, 'Aelis')).toBeVisible();

  // The player cannot move the monster; moving their own shows on the MJ's screen.
  const before = await positionOf(token(master, 'Goule 1'));
  await dragBy(hero, token(hero, 'Goule 1'), 120, 80);
  await expect.poll(() => positionOf(token(master, 'Goule 1'))).toEqual(before);
  const aelisBefore = await positionOf(token(master, 'Aelis'));
  await dragBy(hero, token(hero, 'Aelis'), 150, 100);
  await expect.poll(() => positionOf(token(master, 'Aelis'))).not.toEqual(aelisBefore);
  const aelisMoved = await positionOf(token(hero, 'Aelis'));
  await expect.poll(() => positionOf(token(master, 'Aelis'))).toEqual(aelisMoved);

  // The MJ hides the monster: gone for the player, half-transparent for the MJ, lettered as
  // hidden monsters are (docs/live-table.md "Names in sight").
  await token(master, 'Goule 1').click();
  await master.getByRole('button', { name: 'Masquer aux joueurs' }).click();
  await expect(token(hero, 'Goule 1')).toHaveCount(0);
  await expect(token(master, 'Goule A')).toHaveClass(/map-token--hidden/);
  await master.getByRole('button', { name: 'Fermer' }).first().click();

  // A turn order: generated with both, the player sees only what they may see — the hidden
  // monster only as 'Participant caché' while it plays; next turn.
  await turnOrder(master).getByRole('button', { name: 'Générer' }).click();
  await expect(turnOrder(master).getByRole('listitem')).toHaveCount(2);
  const [first, second] = await turnNames(master).allInnerTexts();
  const seenByHero = (playing: string) =>
    playing === 'Goule A' ? ['Participant caché', 'Aelis'] : ['Aelis'];
  await expect(turnNames(hero)).toHaveText(seenByHero(first!));
  await expect(turnOrder(hero).getByRole('button', { name: 'Générer' })).toHaveCount(0);
  await turnOrder(master).getByRole('button', { name: 'Tour suivant' }).click();
  await expect(turnNames(master)).toHaveText([second!, first!]);
  await expect(turnNames(hero)).toHaveText(seenByHero(second!));
  // Whose turn it is: ringed on the map and told in the chat, the hidden monster's to the MJ alone.
  await expect(token(master, second!)).toHaveClass(/map-token--playing/);
  await expect(mapOf(hero).locator('.map-token--playing')).toHaveCount(second === 'Aelis' ? 1 : 0);
  await expect(chatOf(master)).toContainText('C’est au tour de Goule A.');
  await expect(chatOf(hero)).toContainText('C’est au tour d’Aelis.');
  await expect(chatOf(hero)).not.toContainText('Goule');

  // The server rolls `/r 2d6+3`: both read the same result. A script in a line stays inert text.
  await say(hero, '/r 2d6+3');
  const roll = chatOf(master).locator('.game-chat__line--diceRoll').last();
  await expect(roll).toContainText('2d6+3');
  const rolled = await roll.locator('.game-chat__text').innerText();
  await expect(
    chatOf(hero).locator('.game-chat__line--diceRoll').last().locator('.game-chat__text'),
  ).toHaveText(rolled);
  await say(master, '<img src=x onerror="document.body.dataset.pwned=1">Attention !');
  await expect(chatOf(hero).locator('.game-chat__line--normal').last()).toContainText('Attention !');
  expect(await hero.evaluate(() => document.body.dataset.pwned)).toBeUndefined();
  await expect(chatOf(hero).locator('[onerror]')).toHaveCount(0);

  // A reload finds the same table.
  const masterOrder = await turnNames(master).allInnerTexts();
  await hero.reload();
  await master.reload();
  await expect(token(hero, 'Aelis')).toBeVisible();
  await expect.poll(() => positionOf(token(hero, 'Aelis'))).toEqual(aelisMoved);
  await expect(token(hero, 'Goule 1')).toHaveCount(0);
  await expect(token(master, 'Goule A')).toHaveClass(/map-token--hidden/);
  await expect(turnNames(master)).toHaveText(masterOrder);
  await expect(turnNames(hero)).toHaveText(seenByHero(masterOrder[0]!));
  await expect(
    chatOf(hero).locator('.game-chat__line--diceRoll').last().locator('.game-chat__text'),
  ).toHaveText(rolled);
  // Closed here: their sockets would otherwise keep the server's shutdown waiting.
  await Promise.all(contexts.map((context) => context.close()));
});

/** A finger's drag, as Chromium's touch input delivers it (pointer events of pointerType 'touch'). */
async function touchDrag(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
  beforeLifting?: () => Promise<void>,
) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [point] : [] });
  await touch('touchStart', from);
  for (let step = 1; step <= 8; step++) {
    await touch('touchMove', {
      x: from.x + ((to.x - from.x) * step) / 8,
      y: from.y + ((to.y - from.y) * step) / 8,
    });
  }
  await beforeLifting?.();
  await touch('touchEnd');
  await cdp.detach();
}

function centreOf(box: { x: number; y: number; width: number; height: number }) {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('on a touch screen the MJ reorders the turn order by an entry’s grip, by mouse too, and moves the panel; the player sees the new order', async ({
  browser,
}) => {
  test.slow();
  const [mj, player] = await Promise.all([server.register(), server.register()]);
  const db = server.database.db;
  const gameId = await insertGame(db, mj.userId, 'La Tour');
  await insertAcceptedPlayer(db, gameId, mj.userId, player.userId);
  const characterId = await insertCharacter(db, { userId: player.userId, gameId, name: 'Aelis' });
  const mapLink = servedMapPicture(server);
  const created = await Promise.all([
    server.api('POST', `/game-data/${gameId}/map`, { name: 'Tour', link: mapLink }, mj.token),
    server.api('POST', `/game-data/${gameId}/monster`, { name: 'Goule', HP: 18 }, mj.token),
    server.api('POST', `/game-data/${gameId}/monster`, { name: 'Loup', HP: 12 }, mj.token),
  ]);
  expect(created.map((response) => response.status)).toEqual([201, 201, 201]);

  // The MJ on a tablet, the player at a desk.
  const tablet = await browser.newContext({ viewport: { width: 1180, height: 820 }, hasTouch: true });
  const desk = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const master = await tablet.newPage();
  const hero = await desk.newPage();
  await openSignedIn(master, server, mj, `/game?gameId=${gameId}`);
  await openSignedIn(hero, server, player, `/game?gameId=${gameId}&playerId=${characterId}`);
  await master.getByLabel('Carte', { exact: true }).selectOption({ label: 'Tour' });
  await master.getByRole('button', { name: 'Oui, emmener les joueurs' }).click();
  await expect(mapOf(hero).getByRole('img', { name: 'Tour' })).toBeVisible();
  await placeFromMenu(master, { x: 150, y: 150 }, 'Aelis');
  await placeFromMenu(master, { x: 300, y: 150 }, 'Goule');
  await placeFromMenu(master, { x: 450, y: 150 }, 'Loup');
  await expect(token(hero, 'Loup 1')).toBeVisible();

  await turnOrder(master).getByRole('button', { name: 'Générer' }).click();
  await expect(turnNames(master)).toHaveCount(3);
  const [first, second, third] = await turnNames(master).allInnerTexts();
  await expect(turnNames(hero)).toHaveText([first!, second!, third!]);

  // The last entry's grip, dragged by a finger above the first entry.
  const entries = turnOrder(master).getByRole('listitem');
  const grip = (await entries.nth(2).locator('.turn-panel__grip').boundingBox())!;
  const top = (await entries.nth(0).boundingBox())!;
  await touchDrag(master, centreOf(grip), { x: grip.x + grip.width / 2, y: top.y + 4 }, async () => {
    await expect(entries.nth(0)).toHaveClass(/turn-panel__entry--drop-before/);
    await expect(entries.nth(2)).toHaveClass(/turn-panel__entry--lifted/);
  });
  await expect(turnNames(master)).toHaveText([third!, first!, second!]);
  await expect(turnNames(hero)).toHaveText([third!, first!, second!]);

  // A mouse takes an entry anywhere: the top one goes back to the bottom.
  const name = centreOf((await turnNames(master).nth(0).boundingBox())!);
  const bottom = (await entries.nth(2).boundingBox())!;
  await master.mouse.move(name.x, name.y);
  await master.mouse.down();
  await master.mouse.move(name.x, bottom.y + bottom.height - 4, { steps: 8 });
  await expect(entries.nth(2)).toHaveClass(/turn-panel__entry--drop-after/);
  await master.mouse.up();
  await expect(turnNames(master)).toHaveText([first!, second!, third!]);
  await expect(turnNames(hero)).toHaveText([first!, second!, third!]);

  // A finger on the header carries the panel along.
  const panelBefore = (await turnOrder(master).boundingBox())!;
  const title = centreOf((await turnOrder(master).getByRole('heading').boundingBox())!);
  await touchDrag(master, title, { x: title.x - 200, y: title.y - 150 });
  await expect
    .poll(async () => {
      const box = (await turnOrder(master).boundingBox())!;
      return { dx: Math.round(box.x - panelBefore.x), dy: Math.round(box.y - panelBefore.y) };
    })
    .toEqual({ dx: -200, dy: -150 });

  // Closed here: their sockets would otherwise keep the server's shutdown waiting.
  await Promise.all([tablet.close(), desk.close()]);
});

test('an admin who is not a member oversees the table like its MJ: the hidden monster, the map, the chat', async ({
  browser,
}) => {
  const [mj, registered] = await Promise.all([server.register(), server.register()]);
  const admin = await makeAdmin(server, registered);
  const gameId = await insertGame(server.database.db, mj.userId, 'La Tour');
  const mapLink = servedMapPicture(server);
  const created = await Promise.all([
    server.api('POST', `/game-data/${gameId}/map`, { name: 'Tour', link: mapLink }, mj.token),
    server.api('POST', `/game-data/${gameId}/monster`, { name: 'Spectre', HP: 12 }, mj.token),
  ]);
  expect(created.map((response) => response.status)).toEqual([201, 201]);
  const open = async (user: RegisteredUser) => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await openSignedIn(page, server, user, `/game?gameId=${gameId}`);
    return page;
  };
  const master = await open(mj);
  await master.getByLabel('Carte', { exact: true }).selectOption({ label: 'Tour' });
  await master.getByRole('button', { name: 'Oui, emmener les joueurs' }).click();
  await placeFromMenu(master, { x: 400, y: 250 }, 'Spectre');
  await token(master, 'Spectre 1').click();
  await master.getByRole('button', { name: 'Masquer aux joueurs' }).click();
  await expect(token(master, 'Spectre A')).toHaveClass(/map-token--hidden/);

  const overseer = await open(admin);
  await expect(mapOf(overseer).getByRole('img', { name: 'Tour' })).toBeVisible();
  // Hidden from the players, not from an admin.
  await expect(token(overseer, 'Spectre A')).toHaveClass(/map-token--hidden/);
  await say(overseer, 'Je veille sur cette table.');
  await expect(chatOf(master).getByText('Je veille sur cette table.')).toBeVisible();
  // Seated at the table too: the MJ sees the admin among the connected.
  await expect(
    master
      .getByRole('complementary', { name: 'Joueurs connectés' })
      .getByText(admin.displayName, { exact: true }),
  ).toBeVisible();
});
