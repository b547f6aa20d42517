import { expect, test, type BrowserContext } from '@playwright/test';
import { insertGame } from '../helpers/game-fixtures';
import type { RegisteredUser } from '../helpers/server';
import { makeAdmin, openSignedIn, ownServer } from './helpers/own-server';
import { gameWithHero } from './helpers/party';
import { centreOf, furnishGame, tableOf } from './helpers/table';

const server = ownServer();

test('the MJ and a player share one table: tokens placed, moved, hidden, a turn order run, a roll, the same after a reload', async ({
  browser,
}) => {
  test.slow();
  const { mj, player, gameId, characterId } = await gameWithHero(server, 'La Crypte');
  await furnishGame(server, mj, gameId, 'Crypte', [{ name: 'Goule', HP: 18 }]);

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
  await expect(tableOf(master).map.getByRole('img', { name: 'Crypte' })).toBeVisible();
  await expect(tableOf(hero).map.getByRole('img', { name: 'Crypte' })).toBeVisible();

  // A monster by the MJ, the player's own character by the player.
  await tableOf(master).placeFromMenu({ x: 500, y: 200 }, 'Goule');
  await expect(tableOf(hero).token('Goule 1')).toBeVisible();
  await tableOf(hero).placeFromMenu({ x: 200, y: 200 }, 'Aelis');
  await expect(tableOf(master).token('Aelis')).toBeVisible();

  // The player cannot move the monster; moving their own shows on the MJ's screen.
  const before = await tableOf(master).positionOf('Goule 1');
  await tableOf(hero).dragTokenBy('Goule 1', 120, 80);
  await expect.poll(() => tableOf(master).positionOf('Goule 1')).toEqual(before);
  const aelisBefore = await tableOf(master).positionOf('Aelis');
  await tableOf(hero).dragTokenBy('Aelis', 150, 100);
  await expect.poll(() => tableOf(master).positionOf('Aelis')).not.toEqual(aelisBefore);
  const aelisMoved = await tableOf(hero).positionOf('Aelis');
  await expect.poll(() => tableOf(master).positionOf('Aelis')).toEqual(aelisMoved);

  // The MJ hides the monster: gone for the player, half-transparent for the MJ, lettered as
  // hidden monsters are (docs/live-table.md "Names in sight").
  await tableOf(master).token('Goule 1').click();
  await master.getByRole('button', { name: 'Masquer aux joueurs' }).click();
  await expect(tableOf(hero).token('Goule 1')).toHaveCount(0);
  await expect(tableOf(master).token('Goule A')).toHaveClass(/map-token--hidden/);
  await master.getByRole('button', { name: 'Fermer' }).first().click();

  // A turn order: generated with both, the player sees only what they may see — the hidden
  // monster only as 'Participant caché' while it plays; next turn.
  await tableOf(master).turnOrder.getByRole('button', { name: 'Générer' }).click();
  await expect(tableOf(master).turnOrder.getByRole('listitem')).toHaveCount(2);
  const [first, second] = await tableOf(master).turnNames.allInnerTexts();
  const seenByHero = (playing: string) =>
    playing === 'Goule A' ? ['Participant caché', 'Aelis'] : ['Aelis'];
  await expect(tableOf(hero).turnNames).toHaveText(seenByHero(first!));
  await expect(tableOf(hero).turnOrder.getByRole('button', { name: 'Générer' })).toHaveCount(0);
  await tableOf(master).turnOrder.getByRole('button', { name: 'Tour suivant' }).click();
  await expect(tableOf(master).turnNames).toHaveText([second!, first!]);
  await expect(tableOf(hero).turnNames).toHaveText(seenByHero(second!));
  // Whose turn it is: ringed on the map and told in the chat, the hidden monster's to the MJ alone.
  await expect(tableOf(master).token(second!)).toHaveClass(/map-token--playing/);
  await expect(tableOf(hero).map.locator('.map-token--playing')).toHaveCount(second === 'Aelis' ? 1 : 0);
  await expect(tableOf(master).chat).toContainText('C’est au tour de Goule A.');
  await expect(tableOf(hero).chat).toContainText('C’est au tour d’Aelis.');
  await expect(tableOf(hero).chat).not.toContainText('Goule');

  // The server rolls `/r 2d6+3`: both read the same result. A script in a line stays inert text.
  await tableOf(hero).say('/r 2d6+3');
  const roll = tableOf(master).chat.locator('.game-chat__line--diceRoll').last();
  await expect(roll).toContainText('2d6+3');
  const rolled = await roll.locator('.game-chat__text').innerText();
  await expect(
    tableOf(hero).chat.locator('.game-chat__line--diceRoll').last().locator('.game-chat__text'),
  ).toHaveText(rolled);
  await tableOf(master).say('<img src=x onerror="document.body.dataset.pwned=1">Attention !');
  await expect(tableOf(hero).chat.locator('.game-chat__line--normal').last()).toContainText('Attention !');
  expect(await hero.evaluate(() => document.body.dataset.pwned)).toBeUndefined();
  await expect(tableOf(hero).chat.locator('[onerror]')).toHaveCount(0);

  // A reload finds the same table.
  const masterOrder = await tableOf(master).turnNames.allInnerTexts();
  await hero.reload();
  await master.reload();
  await expect(tableOf(hero).token('Aelis')).toBeVisible();
  await expect.poll(() => tableOf(hero).positionOf('Aelis')).toEqual(aelisMoved);
  await expect(tableOf(hero).token('Goule 1')).toHaveCount(0);
  await expect(tableOf(master).token('Goule A')).toHaveClass(/map-token--hidden/);
  await expect(tableOf(master).turnNames).toHaveText(masterOrder);
  await expect(tableOf(hero).turnNames).toHaveText(seenByHero(masterOrder[0]!));
  await expect(
    tableOf(hero).chat.locator('.game-chat__line--diceRoll').last().locator('.game-chat__text'),
  ).toHaveText(rolled);
  // Closed here: their sockets would otherwise keep the server's shutdown waiting.
  await Promise.all(contexts.map((context) => context.close()));
});

test('on a touch screen the MJ reorders the turn order by an entry’s grip, by mouse too, and moves the panel; the player sees the new order', async ({
  browser,
}) => {
  test.slow();
  const { mj, player, gameId, characterId } = await gameWithHero(server, 'La Tour');
  await furnishGame(server, mj, gameId, 'Tour', [
    { name: 'Goule', HP: 18 },
    { name: 'Loup', HP: 12 },
  ]);

  // The MJ on a tablet, the player at a desk.
  const tablet = await browser.newContext({ viewport: { width: 1180, height: 820 }, hasTouch: true });
  const desk = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const master = await tablet.newPage();
  const hero = await desk.newPage();
  await openSignedIn(master, server, mj, `/game?gameId=${gameId}`);
  await openSignedIn(hero, server, player, `/game?gameId=${gameId}&playerId=${characterId}`);
  await tableOf(master).bringPlayersTo('Tour');
  await expect(tableOf(hero).map.getByRole('img', { name: 'Tour' })).toBeVisible();
  await tableOf(master).placeFromMenu({ x: 150, y: 150 }, 'Aelis');
  await tableOf(master).placeFromMenu({ x: 300, y: 150 }, 'Goule');
  await tableOf(master).placeFromMenu({ x: 450, y: 150 }, 'Loup');
  await expect(tableOf(hero).token('Loup 1')).toBeVisible();

  await tableOf(master).turnOrder.getByRole('button', { name: 'Générer' }).click();
  await expect(tableOf(master).turnNames).toHaveCount(3);
  const [first, second, third] = await tableOf(master).turnNames.allInnerTexts();
  await expect(tableOf(hero).turnNames).toHaveText([first!, second!, third!]);

  // The last entry's grip, dragged by a finger above the first entry.
  const entries = tableOf(master).turnOrder.getByRole('listitem');
  const grip = (await entries.nth(2).locator('.turn-panel__grip').boundingBox())!;
  const top = (await entries.nth(0).boundingBox())!;
  await tableOf(master).touchDrag(centreOf(grip), { x: grip.x + grip.width / 2, y: top.y + 4 }, async () => {
    await expect(entries.nth(0)).toHaveClass(/turn-panel__entry--drop-before/);
    await expect(entries.nth(2)).toHaveClass(/turn-panel__entry--lifted/);
  });
  await expect(tableOf(master).turnNames).toHaveText([third!, first!, second!]);
  await expect(tableOf(hero).turnNames).toHaveText([third!, first!, second!]);

  // A mouse takes an entry anywhere: the top one goes back to the bottom.
  const name = centreOf((await tableOf(master).turnNames.nth(0).boundingBox())!);
  const bottom = (await entries.nth(2).boundingBox())!;
  await master.mouse.move(name.x, name.y);
  await master.mouse.down();
  await master.mouse.move(name.x, bottom.y + bottom.height - 4, { steps: 8 });
  await expect(entries.nth(2)).toHaveClass(/turn-panel__entry--drop-after/);
  await master.mouse.up();
  await expect(tableOf(master).turnNames).toHaveText([first!, second!, third!]);
  await expect(tableOf(hero).turnNames).toHaveText([first!, second!, third!]);

  // A finger on the header carries the panel along.
  const panelBefore = (await tableOf(master).turnOrder.boundingBox())!;
  const title = centreOf((await tableOf(master).turnOrder.getByRole('heading').boundingBox())!);
  await tableOf(master).touchDrag(title, { x: title.x - 200, y: title.y - 150 });
  await expect
    .poll(async () => {
      const box = (await tableOf(master).turnOrder.boundingBox())!;
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
  await furnishGame(server, mj, gameId, 'Tour', [{ name: 'Spectre', HP: 12 }]);
  const open = async (user: RegisteredUser) => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await openSignedIn(page, server, user, `/game?gameId=${gameId}`);
    return page;
  };
  const master = await open(mj);
  await tableOf(master).bringPlayersTo('Tour');
  await tableOf(master).placeFromMenu({ x: 400, y: 250 }, 'Spectre');
  await tableOf(master).token('Spectre 1').click();
  await master.getByRole('button', { name: 'Masquer aux joueurs' }).click();
  await expect(tableOf(master).token('Spectre A')).toHaveClass(/map-token--hidden/);

  const overseer = await open(admin);
  await expect(tableOf(overseer).map.getByRole('img', { name: 'Tour' })).toBeVisible();
  // Hidden from the players, not from an admin.
  await expect(tableOf(overseer).token('Spectre A')).toHaveClass(/map-token--hidden/);
  await tableOf(overseer).say('Je veille sur cette table.');
  await expect(tableOf(master).chat.getByText('Je veille sur cette table.', { exact: true })).toBeVisible();
  // Seated at the table too: the MJ sees the admin among the connected.
  await expect(
    master
      .getByRole('complementary', { name: 'Joueurs connectés' })
      .getByText(admin.displayName, { exact: true }),
  ).toBeVisible();
});
