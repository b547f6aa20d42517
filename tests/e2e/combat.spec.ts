import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { characterMemories, characters } from '../../server/db/schema/index';
import { insertAcceptedPlayer, insertCharacter, insertGame, insertResource } from '../helpers/game-fixtures';
import type { RegisteredUser, TestServer } from '../helpers/server';
import {
  closeServerAfterPages,
  openSignedIn,
  servedMapPicture,
  startServerWithDatabase,
} from './helpers/own-server';

let server: TestServer;
test.beforeAll(async () => {
  server = await startServerWithDatabase();
});
test.afterAll(({ browser }) => closeServerAfterPages(server, browser));

const mapOf = (page: Page) => page.locator('.table-map__board');
const token = (page: Page, name: string) =>
  mapOf(page).getByRole('button', { name: new RegExp(`^${name},`) });
const chatOf = (page: Page) => page.getByRole('complementary', { name: 'Chat de la partie' });
/** The roll lines of the chat: attack rolls (criticals included) and damage. */
const rollLines = (page: Page) =>
  chatOf(page).locator(
    '.game-chat__line--diceRoll, .game-chat__line--diceRollCriticalSuccess, .game-chat__line--diceRollCriticalFail, .game-chat__line--damageRoll',
  );

async function placeFromMenu(page: Page, at: { x: number; y: number }, name: string) {
  await mapOf(page).click({ button: 'right', position: at });
  await page.getByRole('menu', { name: 'Ajouter un pion' }).getByRole('menuitem', { name }).click();
}

/** Screen pixels of one map cell (75 px of the picture) at the map's current size. */
async function cellOnScreen(page: Page): Promise<number> {
  const box = (await mapOf(page).boundingBox())!;
  return (box.width / 1500) * 75;
}

/** Drags a token so its corner lands at `to` (screen pixels). */
async function dragTo(page: Page, locator: Locator, to: { x: number; y: number }) {
  const box = (await locator.boundingBox())!;
  const grip = { x: box.x + 10, y: box.y + 10 };
  await page.mouse.move(grip.x, grip.y);
  await page.mouse.down();
  await page.mouse.move((grip.x + to.x + 10) / 2, (grip.y + to.y + 10) / 2, { steps: 5 });
  await page.mouse.move(to.x + 10, to.y + 10, { steps: 5 });
  await page.mouse.up();
}

/**
 * Counts, from inside the page, the most attack lines it shows at once from now on. A line stays a
 * second: polls from the test, each a round trip to a busy page, can fall on either side of it.
 */
async function watchAttackLines(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const watched = window as unknown as { attackLineWatch?: { observer: MutationObserver; most: number } };
    watched.attackLineWatch?.observer.disconnect();
    const watch = { observer: new MutationObserver(count), most: 0 };
    function count() {
      watch.most = Math.max(watch.most, document.querySelectorAll('[data-testid="attack-line"]').length);
    }
    watch.observer.observe(document.body, { childList: true, subtree: true });
    count();
    watched.attackLineWatch = watch;
  });
  return () =>
    page.evaluate(() => (window as unknown as { attackLineWatch: { most: number } }).attackLineWatch.most);
}

async function chooseAttack(page: Page, name: string) {
  await page.getByRole('button', { name: 'Attaquer' }).click();
  await page
    .getByRole('menu', { name: 'Attaques' })
    .getByRole('menuitem', { name: new RegExp(`^${name}`) })
    .click();
}

test('a player and the MJ fight a monster: refused out of range, struck until it dies, an area on two wolves, a wolf strikes back, the same after a reload', async ({
  browser,
}) => {
  test.slow();
  const [mj, player] = await Promise.all([server.register(), server.register()]);
  const db = server.database.db;
  const gameId = await insertGame(db, mj.userId, 'La Clairière');
  await insertAcceptedPlayer(db, gameId, mj.userId, player.userId);
  const characterId = await insertCharacter(db, { userId: player.userId, gameId, name: 'Aelis' });
  await db.update(characters).set({ forceWeapon: 3 }).where(eq(characters.id, characterId));
  const sword = await insertResource(db, gameId, 'memory', 'Épée FOR', { type: 'Arme', stat: [] });
  await db
    .insert(characterMemories)
    .values({ characterId, resourceId: sword, category: 'memory', equipped: true });
  const attack = { weaponType: 'Force', isGlobal: false, memoryId: sword, maxTargets: 1, cost: 'AC' };
  await insertResource(db, gameId, 'attack', 'Taillade', {
    ...attack,
    damageRoll: '1d8+2',
    range: 1,
    areaOfEffect: 'single',
    areaSize: 1,
  });
  await insertResource(db, gameId, 'attack', 'Tourbillon', {
    ...attack,
    damageRoll: '1d4',
    range: 0,
    areaOfEffect: 'circle',
    areaSize: 2,
    maxTargets: 0,
    cost: 'AS',
  });
  const created = await Promise.all([
    server.api(
      'POST',
      `/game-data/${gameId}/map`,
      { name: 'Clairière', link: servedMapPicture(server) },
      mj.token,
    ),
    server.api('POST', `/game-data/${gameId}/monster`, { name: 'Gobelin', HP: 5, AC: 5 }, mj.token),
    server.api('POST', `/game-data/${gameId}/monster`, { name: 'Loup', HP: 40, AC: 1 }, mj.token),
  ]);
  expect(created.map((response) => response.status)).toEqual([201, 201, 201]);

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

  await master.getByLabel('Carte', { exact: true }).selectOption({ label: 'Clairière' });
  await master.getByRole('button', { name: 'Oui, emmener les joueurs' }).click();
  await expect(mapOf(hero).getByRole('img', { name: 'Clairière' })).toBeVisible();
  // The MJ has no attack menu; the player has one.
  await expect(master.getByRole('button', { name: 'Attaquer' })).toHaveCount(0);

  const cell = await cellOnScreen(hero);
  await placeFromMenu(master, { x: 14 * cell, y: 6 * cell }, 'Gobelin');
  await placeFromMenu(hero, { x: 2 * cell, y: 2 * cell }, 'Aelis');
  await expect(token(hero, 'Gobelin 1')).toBeVisible();
  await expect(token(master, 'Aelis')).toBeVisible();

  // The menu: the simple attack, then the sword's attacks.
  await hero.getByRole('button', { name: 'Attaquer' }).click();
  const menu = hero.getByRole('menu', { name: 'Attaques' });
  await expect(menu.getByRole('menuitem')).toHaveText([/^Attaque simple/, /^Taillade/, /^Tourbillon/]);
  await expect(menu).toContainText('Arme : Épée FOR');
  await hero.getByRole('button', { name: 'Attaquer' }).click();

  // Too far: the spec's refusal, nothing rolled.
  await chooseAttack(hero, 'Taillade');
  await token(hero, 'Gobelin 1').click();
  await expect(hero.getByRole('alert').filter({ hasText: 'Cible hors de portée !' })).toBeVisible();
  await expect(rollLines(hero)).toHaveCount(0);
  await hero.keyboard.press('Escape');

  // Next to it, the player strikes until it falls; both see the line and the same rolls.
  const goblin = (await token(hero, 'Gobelin 1').boundingBox())!;
  await dragTo(hero, token(hero, 'Aelis'), { x: goblin.x - cell, y: goblin.y });
  await expect(token(master, 'Aelis')).toBeVisible();
  let screenshotTaken = false;
  for (let blow = 0; blow < 8; blow++) {
    if ((await token(master, 'Gobelin 1').getAttribute('aria-label'))?.includes('Mort')) break;
    const before = await rollLines(master).count();
    const [masterLines, heroLines] = await Promise.all([watchAttackLines(master), watchAttackLines(hero)]);
    await chooseAttack(hero, 'Taillade');
    await token(hero, 'Gobelin 1').click();
    await expect.poll(masterLines).toBe(1);
    await expect.poll(heroLines).toBe(1);
    if (!screenshotTaken && (await master.getByTestId('attack-line').count()) > 0) {
      await master.screenshot({ path: test.info().outputPath('ligne-d-attaque.png') });
      screenshotTaken = true;
    }
    await expect.poll(() => rollLines(master).count()).toBeGreaterThan(before);
    await expect.poll(() => rollLines(hero).count()).toBe(await rollLines(master).count());
    await expect(master.getByTestId('attack-line')).toHaveCount(0, { timeout: 5_000 });
    await expect(hero.getByTestId('attack-line')).toHaveCount(0, { timeout: 5_000 });
  }
  await expect(token(master, 'Gobelin 1')).toHaveAttribute('aria-label', /Mort/);
  await expect(rollLines(hero).first()).toContainText('Taillade → Gobelin');
  await expect(hero.getByRole('button', { name: 'Attaquer' })).toBeVisible();

  // The MJ removes the dead: its death is told to all.
  await token(master, 'Gobelin 1').click();
  await master.getByRole('button', { name: 'Supprimer le pion' }).click();
  await master.getByRole('button', { name: 'Confirmer' }).click();
  await expect(chatOf(hero)).toContainText('Vous avez tué un Gobelin 1.');

  // Two wolves beside Aelis; a whirl of the soul catches both.
  const aelis = (await token(master, 'Aelis').boundingBox())!;
  const boardBox = (await mapOf(master).boundingBox())!;
  const local = { x: aelis.x - boardBox.x, y: aelis.y - boardBox.y };
  // Left of Aelis, within a wolf's reach of a cell (the turn-order panel floats on the right): a
  // click places a token's centre, and hers is half a cell from her box's corner.
  await placeFromMenu(master, { x: local.x - 0.5 * cell, y: local.y - 0.5 * cell }, 'Loup');
  await placeFromMenu(master, { x: local.x - 0.5 * cell, y: local.y + 0.5 * cell }, 'Loup');
  await expect(token(hero, 'Loup 2')).toBeVisible();
  const rolledBefore = await rollLines(master).count();
  const whirlLines = await watchAttackLines(master);
  await chooseAttack(hero, 'Tourbillon');
  await token(hero, 'Loup 2').click();
  await expect.poll(whirlLines).toBe(2);
  await expect.poll(() => rollLines(master).count()).toBeGreaterThanOrEqual(rolledBefore + 2);
  await expect(chatOf(master)).toContainText('Tourbillon → Loup 1');
  await expect(chatOf(master)).toContainText('Tourbillon → Loup 2');

  // The MJ makes a wolf strike Aelis from its token: the roll is the wolf's, both see it. The
  // whirlwind's lines go first (a second each), so the bite's is counted alone.
  await expect(hero.getByTestId('attack-line')).toHaveCount(0);
  const struckBefore = await rollLines(hero).count();
  const biteLines = await watchAttackLines(hero);
  await token(master, 'Loup 2').click();
  await master.getByRole('button', { name: 'Faire attaquer' }).click();
  await token(master, 'Aelis').click();
  await expect.poll(biteLines).toBe(1);
  await expect.poll(() => rollLines(hero).count()).toBeGreaterThan(struckBefore);
  // Spoken by the wolf; a hit adds its damage line after it.
  const bite = rollLines(hero).filter({ hasText: 'Attaque → Aelis' });
  await expect(bite).toHaveCount(1);
  await expect(bite).toContainText('Loup 2');
  await expect(master.getByRole('button', { name: 'Attaquer' })).toHaveCount(0);

  // A reload of both finds the same fight.
  const chatBefore = await rollLines(master).allInnerTexts();
  await Promise.all([hero.reload(), master.reload()]);
  await expect(token(master, 'Loup 2')).toBeVisible();
  await expect(token(hero, 'Gobelin 1')).toHaveCount(0);
  await expect.poll(() => rollLines(master).allInnerTexts()).toEqual(chatBefore);
  await expect.poll(() => rollLines(hero).allInnerTexts()).toEqual(chatBefore);
  await Promise.all(contexts.map((context) => context.close()));
});
