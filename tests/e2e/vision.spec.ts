import { expect, test, type Page } from '@playwright/test';
import { insertAcceptedPlayer, insertCharacter } from '../helpers/game-fixtures';
import type { RegisteredUser } from '../helpers/server';
import { openSignedInAt, ownServer } from './helpers/own-server';
import { onScreenOf, sendVisionChange, tableOf, tableWithHero, type Point } from './helpers/table';

const server = ownServer();

const DESKTOP = { width: 1440, height: 900 };
const MAP = 'Donjon';

/**
 * The plan, in the map's pixels (cells of 75 px): a corridor across rows 2 and 3, and below it a
 * room of columns 6 to 10, rows 4 to 8, whose door opens on the corridor at column 8.
 */
const DOOR = { a: { x: 600, y: 300 }, b: { x: 675, y: 300 } };
// Its east side rather than its floor: the panel, open over the map's top left, covers the floor's
// west end at this zoom.
const ROOM_EAST = { a: { x: 825, y: 300 }, b: { x: 825, y: 675 } };
const wall = (id: string, [ax, ay, bx, by]: number[]) => ({
  id,
  a: { x: ax, y: ay },
  b: { x: bx, y: by },
  kind: 'wall',
});
// Eight walls by clicks would take a minute of the suite: the door and the room's east side are
// drawn through « Murs », the rest sent as the panel sends them.
const SENT_WALLS = [
  wall('couloir-nord', [0, 150, 1500, 150]),
  wall('couloir-sud-ouest', [0, 300, 600, 300]),
  wall('couloir-sud-est', [675, 300, 1500, 300]),
  wall('salle-ouest', [450, 300, 450, 675]),
  wall('salle-sol', [450, 675, 825, 675]),
];
/** Cells' centres: Aelis at the door, Borin at the corridor's far end, the goblin in the room. */
const AT_DOOR = { x: 637, y: 262 };
const CORRIDOR_END = { x: 1387, y: 262 };
const IN_ROOM = { x: 637, y: 562 };

const goblinOn = (page: Page) => tableOf(page).map.getByRole('button', { name: /^Gobelin/ });

/**
 * A click at a point of the map, given in its pixels. A panel over that point would take the click
 * (a button of its own, « Fermer » say) and the test would wait for what never comes: it fails here.
 */
async function clickOnMap(page: Page, at: Point) {
  const point = await onScreenOf(page, at);
  const cover = await page.evaluate(
    ({ x, y }) =>
      document.elementFromPoint(x, y)?.closest('form, aside, [role="toolbar"]')?.ariaLabel ?? null,
    point,
  );
  expect(cover, `(${at.x}, ${at.y}) is under « ${cover} »`).toBeNull();
  await page.mouse.click(point.x, point.y);
}

/** Places from the map's menu at a point of the map, given in its pixels. */
async function placeOnMap(page: Page, at: Point, name: string) {
  await tableOf(page).placeAt(await onScreenOf(page, at), name);
}

/** The width, in the map's pixels, of what the player's mask lets them see. */
const seenWidth = (page: Page) =>
  page
    .getByTestId('map-sight')
    .locator('.table-map__seen')
    .first()
    .evaluate((path) => (path as SVGPathElement).getBBox().width);

/** How far down, in the map's pixels, the cells the player remembers reach; 0 when none. */
const exploredBottom = (page: Page) =>
  page
    .getByTestId('map-sight')
    .first()
    .evaluate((sight) => {
      const path = sight.querySelector<SVGPathElement>('.table-map__explored');
      if (!path) return 0;
      const box = path.getBBox();
      return box.y + box.height;
    });
/** The room's floor, in the map's pixels: below the corridor's south wall. */
const CORRIDOR_SOUTH = 300;

test('walls and a door drawn by the MJ: the player at the door sees the goblin once it opens, the one down the corridor never', async ({
  browser,
}) => {
  test.slow();
  let borinPlayer: RegisteredUser | undefined;
  let borinId = '';
  const {
    master,
    hero: aelis,
    mj,
    gameId,
  } = await tableWithHero(server, browser, {
    game: 'La Crypte',
    map: MAP,
    monsters: [{ name: 'Gobelin', HP: 7 }],
    prepare: async (party) => {
      borinPlayer = await server.register();
      await insertAcceptedPlayer(server.database.db, party.gameId, party.mj.userId, borinPlayer.userId);
      borinId = await insertCharacter(server.database.db, {
        userId: borinPlayer.userId,
        gameId: party.gameId,
        name: 'Borin',
      });
    },
  });
  const borin = await openSignedInAt(
    browser,
    server,
    borinPlayer!,
    `/game?gameId=${gameId}&playerId=${borinId}`,
    DESKTOP,
  );
  await expect(tableOf(borin).map.getByRole('img', { name: MAP })).toBeVisible();

  await placeOnMap(aelis, AT_DOOR, 'Aelis');
  await placeOnMap(borin, CORRIDOR_END, 'Borin');
  await placeOnMap(master, IN_ROOM, 'Gobelin');
  await expect(goblinOn(aelis)).toBeVisible();

  // The door and the room's floor by clicks in « Murs ».
  const mjTable = tableOf(master);
  await (await mjTable.tool('Murs')).click();
  const panel = master.getByRole('form', { name: 'Murs et vision' });
  await panel.getByRole('radio', { name: 'Porte' }).check();
  await clickOnMap(master, DOOR.a);
  await clickOnMap(master, DOOR.b);
  await panel.getByRole('button', { name: 'Terminer' }).click();
  await expect(panel.getByRole('status')).toContainText('1\u00a0mur tracé.');
  await panel.getByRole('radio', { name: 'Mur', exact: true }).check();
  await clickOnMap(master, ROOM_EAST.a);
  await clickOnMap(master, ROOM_EAST.b);
  await panel.getByRole('button', { name: 'Terminer' }).click();
  await sendVisionChange(server, mj, gameId, MAP, { kind: 'add', walls: SENT_WALLS });
  await expect(master.getByTestId('map-walls').locator('.map-wall--wall')).toHaveCount(6);
  // Drawn wall by wall, the map showed the players all of it before the room was shut: the MJ has
  // them forget it, and each remembers the corridor alone.
  const forget = panel.getByRole('button', { name: 'Oublier ce qui a été exploré' });
  await expect.poll(() => exploredBottom(borin)).toBeGreaterThan(CORRIDOR_SOUTH);
  await forget.click();
  for (const player of [aelis, borin])
    await expect.poll(() => exploredBottom(player)).toBeLessThanOrEqual(CORRIDOR_SOUTH);

  // The door is closed: nobody sees into the room; each player has a mask and no plan.
  for (const player of [aelis, borin]) {
    await expect(player.getByTestId('map-sight')).toBeVisible();
    await expect(player.getByTestId('map-walls')).toHaveCount(0);
    await expect(goblinOn(player)).toHaveCount(0);
  }

  // The MJ opens it with a click on it, the walls tool still open.
  const doorMiddle = { x: (DOOR.a.x + DOOR.b.x) / 2, y: DOOR.a.y };
  await clickOnMap(master, doorMiddle);
  await expect(master.getByRole('button', { name: 'Porte ouverte — fermer' })).toHaveCount(1);
  await expect(goblinOn(aelis)).toBeVisible();
  await expect(goblinOn(borin)).toHaveCount(0);

  await borin.reload();
  await expect(tableOf(borin).token('Borin')).toBeVisible();
  await expect(goblinOn(borin)).toHaveCount(0);
  await aelis.reload();
  await expect(goblinOn(aelis)).toBeVisible();
  await expect(aelis.getByTestId('map-sight')).toBeVisible();

  await clickOnMap(master, doorMiddle);
  await expect(master.getByRole('button', { name: 'Porte fermée — ouvrir' })).toHaveCount(1);
  await expect(goblinOn(aelis)).toHaveCount(0);
  expect(await borin.content()).not.toContain('Gobelin');

  // The room Aelis saw stays dimly drawn for her, without the goblin; Borin never saw it.
  await expect.poll(() => exploredBottom(aelis)).toBeGreaterThan(IN_ROOM.y);
  expect(await exploredBottom(borin)).toBeLessThanOrEqual(CORRIDOR_SOUTH);
  await aelis.reload();
  await expect(tableOf(aelis).token('Aelis')).toBeVisible();
  await expect.poll(() => exploredBottom(aelis)).toBeGreaterThan(IN_ROOM.y);
  await expect(goblinOn(aelis)).toHaveCount(0);
  expect(await aelis.content()).not.toContain('Gobelin');

  // Lit, Aelis sees the corridor's length; dark, the cells around her.
  expect(await seenWidth(aelis)).toBeGreaterThan(1000);
  // The switch shows the map's lighting as the server keeps it: checked once the change is logged.
  const dark = panel.getByRole('radio', { name: 'Carte sombre' });
  await dark.click();
  await expect(dark).toBeChecked();
  await expect.poll(() => seenWidth(aelis)).toBeLessThan(4 * 75);

  // Forgotten again: she remembers the cells around her alone, this side of the door.
  await forget.click();
  await expect.poll(() => exploredBottom(aelis)).toBeLessThanOrEqual(CORRIDOR_SOUTH);
  expect(await exploredBottom(aelis)).toBeGreaterThan(0);
});
