import { expect, test, type BrowserContext } from '@playwright/test';
import type { RegisteredUser } from '../helpers/server';
import { openSignedIn, ownServer } from './helpers/own-server';
import { gameWithHero } from './helpers/party';
import { furnishGame, tableOf } from './helpers/table';

const server = ownServer();

test('the MJ covers the map and reveals a rectangle: the player sees the goblin only once revealed, after a reload too', async ({
  browser,
}) => {
  test.slow();
  const { mj, player, gameId, characterId } = await gameWithHero(server, 'Le Brouillard');
  await furnishGame(server, mj, gameId, 'Plaine', [{ name: 'Gobelin', HP: 7 }]);
  const contexts: BrowserContext[] = [];
  const open = async (user: RegisteredUser, path: string) => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await openSignedIn(page, server, user, path);
    return page;
  };
  const master = await open(mj, `/game?gameId=${gameId}`);
  const hero = await open(player, `/game?gameId=${gameId}&playerId=${characterId}`);
  const mjTable = tableOf(master);
  const heroTable = tableOf(hero);
  await mjTable.bringPlayersTo('Plaine');
  await mjTable.placeFromMenu({ x: 400, y: 200 }, 'Gobelin');
  await expect(heroTable.token('Gobelin 1')).toBeVisible();

  // « Tout cacher »: the goblin leaves the player's map, the MJ still sees it through the veil.
  await expect(heroTable.zoom.getByRole('button', { name: 'Brouillard' })).toHaveCount(0);
  await mjTable.zoom.getByRole('button', { name: 'Brouillard' }).click();
  const panel = master.getByRole('form', { name: 'Brouillard de guerre' });
  await panel.getByRole('button', { name: 'Tout cacher' }).click();
  await expect(heroTable.token('Gobelin 1')).toHaveCount(0);
  await expect(hero.getByTestId('map-fog')).toBeVisible();
  await expect(mjTable.token('Gobelin 1')).toBeVisible();

  // A rectangle drawn around it, in « Révéler »: the player sees it again.
  await panel.getByRole('radio', { name: 'Révéler' }).check();
  await panel.getByRole('radio', { name: 'Rectangle' }).check();
  const goblin = (await mjTable.token('Gobelin 1').boundingBox())!;
  // From below right, clear of the panel on the left.
  await master.mouse.move(goblin.x + goblin.width + 60, goblin.y + goblin.height + 60);
  await master.mouse.down();
  await master.mouse.move(goblin.x + goblin.width / 2, goblin.y + goblin.height / 2, { steps: 3 });
  await master.mouse.move(goblin.x - 10, goblin.y - 10, { steps: 3 });
  await master.mouse.up();
  await expect(heroTable.token('Gobelin 1')).toBeVisible();

  // A reload folds the same fog from the log.
  await hero.reload();
  await expect(heroTable.token('Gobelin 1')).toBeVisible();
  await expect(hero.getByTestId('map-fog')).toBeVisible();

  for (const context of contexts) await context.close();
});
