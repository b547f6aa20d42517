import { expect, test, type Browser, type Page } from '@playwright/test';
import { openSignedInAt, ownServer } from './helpers/own-server';
import { gameWithHero } from './helpers/party';
import { centreOf, furnishGame, tableOf } from './helpers/table';

const server = ownServer();

/** The MJ and the player at one table, the crypt shown to both, two ghouls on it. */
async function tableWithGhouls(
  browser: Browser,
  mjScreen: { size: { width: number; height: number }; touch: boolean } = {
    size: { width: 1440, height: 900 },
    touch: false,
  },
) {
  const { mj, player, gameId, characterId } = await gameWithHero(server, 'La Meute');
  await furnishGame(server, mj, gameId, 'Crypte', [{ name: 'Goule', HP: 18 }]);
  const size = { width: 1440, height: 900 };
  const master = await openSignedInAt(
    browser,
    server,
    mj,
    `/game?gameId=${gameId}`,
    mjScreen.size,
    mjScreen.touch,
  );
  const hero = await openSignedInAt(
    browser,
    server,
    player,
    `/game?gameId=${gameId}&playerId=${characterId}`,
    size,
  );
  await tableOf(master).bringPlayersTo('Crypte');
  await expect(tableOf(hero).map.getByRole('img', { name: 'Crypte' })).toBeVisible();
  // Placed by map points, so the ghouls stand clear of the map's buttons at any screen's zoom.
  await tableOf(master).placeAt(await onScreen(master, { x: 420, y: 280 }), 'Goule');
  await tableOf(master).placeAt(await onScreen(master, { x: 560, y: 365 }), 'Goule');
  await expect(tableOf(hero).token('Goule 2')).toBeVisible();
  return { master, hero };
}

async function onScreen(page: Page, mapPoint: { x: number; y: number }) {
  const box = (await tableOf(page).map.boundingBox())!;
  return { x: box.x + (box.width / 1500) * mapPoint.x, y: box.y + (box.height / 1000) * mapPoint.y };
}

test('the MJ selects two tokens with a rectangle and moves them together, seen on both screens', async ({
  browser,
}) => {
  test.slow();
  const { master, hero } = await tableWithGhouls(browser);
  const mj = tableOf(master);
  const map = (await mj.map.boundingBox())!;
  await mj.selectByRectangle({ x: map.x + 10, y: map.y + 10 }, await onScreen(master, { x: 1000, y: 700 }));
  await expect(mj.token('Goule 1')).toHaveClass(/map-token--selected/);
  await expect(mj.token('Goule 2')).toHaveAccessibleName(/, sélectionné$/);

  const before = [await mj.positionOf('Goule 1'), await mj.positionOf('Goule 2')];
  await mj.dragTokenBy('Goule 1', 200, 100);
  const after = [await mj.positionOf('Goule 1'), await mj.positionOf('Goule 2')];
  const percent = (value: string) => Number.parseFloat(value);
  // The same delta for both, the second one never the drag's own.
  expect(percent(after[1]!.left) - percent(before[1]!.left)).toBeCloseTo(
    percent(after[0]!.left) - percent(before[0]!.left),
    1,
  );
  expect(percent(after[1]!.left)).toBeGreaterThan(percent(before[1]!.left));
  await expect.poll(() => tableOf(hero).positionOf('Goule 1')).toEqual(after[0]);
  await expect.poll(() => tableOf(hero).positionOf('Goule 2')).toEqual(after[1]);

  // Escape clears the selection; Maj + click picks a single token again.
  await master.keyboard.press('Escape');
  await expect(master.locator('.map-token--selected')).toHaveCount(0);
  await master.keyboard.down('Shift');
  await mj.token('Goule 2').click({ position: { x: 10, y: 10 } });
  await master.keyboard.up('Shift');
  await expect(master.locator('.map-token--selected')).toHaveCount(1);
  await expect(mj.token('Goule 2')).toHaveClass(/map-token--selected/);
  // From the keyboard: Maj + Entrée on a focused token adds it.
  await mj.token('Goule 1').focus();
  await master.keyboard.press('Shift+Enter');
  await expect(master.locator('.map-token--selected')).toHaveCount(2);
  // The player cannot pick the MJ's monsters.
  await tableOf(hero).selectByRectangle(
    await onScreen(hero, { x: 5, y: 5 }),
    await onScreen(hero, { x: 1400, y: 900 }),
  );
  await expect(hero.locator('.map-token--selected')).toHaveCount(0);
  await master.context().close();
  await hero.context().close();
});

test('a ping is seen by everyone, the MJ brings everyone’s view there, and a shared ruler shows as it is drawn', async ({
  browser,
}) => {
  test.slow();
  const { master, hero } = await tableWithGhouls(browser);
  const mj = tableOf(master);
  const player = tableOf(hero);

  await player.ping(await onScreen(hero, { x: 1200, y: 300 }));
  await expect(mj.pings).toHaveCount(1);
  await expect(mj.pings).toContainText(/\S/);
  await expect(player.pings).toHaveCount(1);
  // A ring shows a moment, then goes.
  await expect(mj.pings).toHaveCount(0, { timeout: 5_000 });

  // The player zoomed in on the map's corner; the MJ brings everyone to the far side.
  for (let step = 0; step < 4; step++) await player.zoom.getByRole('button', { name: 'Zoom avant' }).click();
  const zoomed = (await player.map.boundingBox())!;
  await mj.ping(await onScreen(master, { x: 1400, y: 900 }), { bring: true });
  await expect(player.pings).toHaveCount(1);
  await expect.poll(async () => (await player.map.boundingBox())!.x).toBeLessThan(zoomed.x - 50);
  const frame = centreOf((await player.frame.boundingBox())!);
  const ring = centreOf((await player.pings.first().locator('.map-ping__dot').boundingBox())!);
  // The ring is brought towards the middle of the player's view (the map's edge stops it there).
  expect(Math.abs(ring.x - frame.x)).toBeLessThan((await player.frame.boundingBox())!.width / 2);

  // The player shares the ruler: the MJ sees the arrow while it is drawn, and not after.
  await player.zoom.getByRole('button', { name: 'Ajuster' }).click();
  await player.zoom.getByRole('button', { name: 'Mesure partagée' }).click();
  await expect(player.zoom.getByRole('button', { name: 'Mesure partagée' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await player.holdRuler(await onScreen(hero, { x: 100, y: 800 }), await onScreen(hero, { x: 550, y: 800 }));
  await expect(mj.sharedRulers).toHaveCount(1);
  await expect(mj.sharedRulers).toContainText(/cases/);
  await player.releaseRuler();
  await expect(mj.sharedRulers).toHaveCount(0);
  await master.context().close();
  await hero.context().close();
});

test('on a phone the MJ picks tokens with « Sélection » and drags them together by touch', async ({
  browser,
}) => {
  test.slow();
  const { master, hero } = await tableWithGhouls(browser, { size: { width: 844, height: 390 }, touch: true });
  const mj = tableOf(master);
  const picking = mj.zoom.getByRole('button', { name: 'Sélection' });
  await picking.tap();
  await expect(picking).toHaveAttribute('aria-pressed', 'true');
  await mj.token('Goule 1').tap();
  await mj.token('Goule 2').tap();
  await expect(master.locator('.map-token--selected')).toHaveCount(2);
  // Picking ends; what was picked stays, and a finger's drag of one moves both.
  await picking.tap();
  const before = await mj.positionOf('Goule 2');
  const grip = centreOf((await mj.token('Goule 1').boundingBox())!);
  await mj.touchDrag(grip, { x: grip.x + 80, y: grip.y + 40 });
  await expect.poll(() => mj.positionOf('Goule 2')).not.toEqual(before);
  // The MJ's map shows the drop at once and the server's snapped places after: both screens end alike.
  const sameOnBoth = async (name: string) => {
    const [mine, theirs] = await Promise.all([mj.positionOf(name), tableOf(hero).positionOf(name)]);
    return mine.left === theirs.left && mine.top === theirs.top;
  };
  await expect.poll(() => sameOnBoth('Goule 2')).toBe(true);
  await expect.poll(() => sameOnBoth('Goule 1')).toBe(true);
  expect(await mj.positionOf('Goule 2')).not.toEqual(before);
  await master.context().close();
  await hero.context().close();
});
