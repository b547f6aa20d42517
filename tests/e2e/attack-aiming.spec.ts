import { expect, test, type Locator } from '@playwright/test';
import { openSignedInAt, ownServer } from './helpers/own-server';
import { gameWithHero } from './helpers/party';
import { furnishGame, openAsHero, tableOf } from './helpers/table';

const server = ownServer();

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether the banner sits over any of the map's controls (« − », « + », « Ajuster », « Règle »). */
async function coversControls(banner: Locator, controls: Locator): Promise<boolean> {
  const box = (await banner.boundingBox())!;
  const boxes = await controls.getByRole('button').evaluateAll((buttons) =>
    buttons.map((button) => {
      const { x, y, width, height } = button.getBoundingClientRect();
      return { x, y, width, height };
    }),
  );
  expect(boxes.length).toBeGreaterThanOrEqual(4);
  return boxes.some((control) => overlap(box, control));
}

test('aiming shows the attack, its dice and cost, and a way to cancel, clear of the map controls', async ({
  browser,
}) => {
  test.slow();
  const party = await gameWithHero(server, 'La Visée');
  const { mj, gameId } = party;
  await furnishGame(server, mj, gameId, 'Plaine', [{ name: 'Gobelin', HP: 7 }]);
  const master = await openSignedInAt(browser, server, mj, `/game?gameId=${gameId}`, {
    width: 1440,
    height: 900,
  });
  await tableOf(master).bringPlayersTo('Plaine');
  await tableOf(master).placeFromMenu({ x: 400, y: 200 }, 'Gobelin');

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 844, height: 390 },
  ]) {
    const hero = await openAsHero(browser, server, party, viewport);
    const table = tableOf(hero);
    await expect(table.map.getByRole('img', { name: 'Plaine' })).toBeVisible();
    if ((await table.token('Aelis').count()) === 0) await table.placeFromMenu({ x: 100, y: 100 }, 'Aelis');
    await expect(table.token('Aelis')).toBeVisible();

    await table.chooseAttack('Attaque simple');
    const banner = hero.getByRole('region', { name: 'Attaque en cours' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Attaque simple');
    await expect(banner).toContainText('1d10+7');
    await expect(banner).toContainText('Essence');
    expect(await coversControls(banner, table.zoom)).toBe(false);

    await banner.getByRole('button', { name: 'Annuler l’attaque' }).click();
    await expect(banner).toHaveCount(0);

    await table.chooseAttack('Attaque simple');
    await expect(banner).toBeVisible();
    await hero.keyboard.press('Escape');
    await expect(banner).toHaveCount(0);
    await hero.context().close();
  }
});

test('the MJ’s « Faire attaquer » shows the monster’s banner, its dice and a way to cancel, and strikes', async ({
  browser,
}) => {
  test.slow();
  const { mj, gameId } = await gameWithHero(server, 'La Visée du MJ');
  await furnishGame(server, mj, gameId, 'Plaine', [
    { name: 'Gobelin', HP: 7, damage: '2d4+1' },
    // Enough to outlive two bites.
    { name: 'Loup', HP: 30 },
  ]);
  const master = await openSignedInAt(browser, server, mj, `/game?gameId=${gameId}`, {
    width: 1440,
    height: 900,
  });
  const table = tableOf(master);
  await table.bringPlayersTo('Plaine');
  // The wolf a cell from the goblin, within its bite.
  await table.placeFromMenu({ x: 300, y: 200 }, 'Gobelin');
  await table.placeFromMenu({ x: 300 + (await table.cellOnScreen()), y: 200 }, 'Loup');
  const banner = master.getByRole('region', { name: 'Attaque en cours' });
  const strike = async () => {
    await table.token('Gobelin 1').click();
    await master.getByRole('button', { name: 'Faire attaquer' }).click();
    await expect(banner).toBeVisible();
  };

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 844, height: 390 },
  ]) {
    await master.setViewportSize(viewport);
    await strike();
    await expect(banner).toContainText('Gobelin 1 attaque');
    await expect(banner).toContainText('2d4+1');
    await expect(banner).toContainText('Essence');
    expect(await coversControls(banner, table.zoom)).toBe(false);
    await banner.getByRole('button', { name: 'Annuler l’attaque' }).click();
    await expect(banner).toHaveCount(0);

    await strike();
    await master.keyboard.press('Escape');
    await expect(banner).toHaveCount(0);
  }

  // On a phone held sideways the banner may cover the target: its list strikes as the map does.
  await strike();
  const lines = await table.watchAttackLines();
  await banner.getByRole('option', { name: /^Loup 1,/ }).click();
  await expect(banner).toHaveCount(0);
  await expect.poll(lines).toBe(1);

  await master.setViewportSize({ width: 1440, height: 900 });
  // The first bite's line gone, the second's is counted alone.
  await expect(master.getByTestId('attack-line')).toHaveCount(0);
  await strike();
  const clicked = await table.watchAttackLines();
  await table.token('Loup 1').click();
  await expect(banner).toHaveCount(0);
  await expect.poll(clicked).toBe(1);
  await expect(table.rollLines.filter({ hasText: 'Attaque → Loup 1' })).toHaveCount(2);
});
