import { expect, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { characterMemories, characters } from '../../server/db/schema/index';
import { insertResource } from '../helpers/game-fixtures';
import { ownServer } from './helpers/own-server';
import { tableOf, tableWithHero } from './helpers/table';

const server = ownServer();

test('a player and the MJ fight a monster: refused out of range, struck until it dies, an area on two wolves, a wolf strikes back, the same after a reload', async ({
  browser,
}) => {
  test.slow();
  const { master, hero } = await tableWithHero(server, browser, {
    game: 'La Clairière',
    map: 'Clairière',
    monsters: [
      { name: 'Gobelin', HP: 5, AC: 5 },
      { name: 'Loup', HP: 40, AC: 1 },
    ],
    prepare: async ({ gameId, characterId }) => {
      const db = server.database.db;
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
    },
  });

  // The MJ has no attack menu; the player has one.
  await expect(master.getByRole('button', { name: 'Attaquer' })).toHaveCount(0);

  const cell = await tableOf(hero).cellOnScreen();
  await tableOf(master).placeFromMenu({ x: 14 * cell, y: 6 * cell }, 'Gobelin');
  await tableOf(hero).placeFromMenu({ x: 2 * cell, y: 2 * cell }, 'Aelis');
  await expect(tableOf(hero).token('Gobelin 1')).toBeVisible();
  await expect(tableOf(master).token('Aelis')).toBeVisible();

  // The menu: the simple attack, then the sword's attacks.
  await hero.getByRole('button', { name: 'Attaquer' }).click();
  const menu = hero.getByRole('menu', { name: 'Attaques' });
  await expect(menu.getByRole('menuitem')).toHaveText([/^Attaque simple/, /^Taillade/, /^Tourbillon/]);
  await expect(menu).toContainText('Arme : Épée FOR');
  await hero.getByRole('button', { name: 'Attaquer' }).click();

  // Too far: the spec's refusal, nothing rolled.
  await tableOf(hero).chooseAttack('Taillade');
  await tableOf(hero).token('Gobelin 1').click();
  await expect(hero.getByRole('alert').filter({ hasText: 'Cible hors de portée !' })).toBeVisible();
  await expect(tableOf(hero).rollLines).toHaveCount(0);
  await hero.keyboard.press('Escape');

  // Next to it, the player strikes until it falls; both see the line and the same rolls.
  const goblin = (await tableOf(hero).token('Gobelin 1').boundingBox())!;
  await tableOf(hero).dragTokenTo('Aelis', { x: goblin.x - cell, y: goblin.y });
  await expect(tableOf(master).token('Aelis')).toBeVisible();
  let screenshotTaken = false;
  for (let blow = 0; blow < 8; blow++) {
    if ((await tableOf(master).token('Gobelin 1').getAttribute('aria-label'))?.includes('mort')) break;
    const before = await tableOf(master).rollLines.count();
    const [masterLines, heroLines] = await Promise.all([
      tableOf(master).watchAttackLines(),
      tableOf(hero).watchAttackLines(),
    ]);
    await tableOf(hero).chooseAttack('Taillade');
    await tableOf(hero).token('Gobelin 1').click();
    await expect.poll(masterLines).toBe(1);
    await expect.poll(heroLines).toBe(1);
    if (!screenshotTaken && (await master.getByTestId('attack-line').count()) > 0) {
      await master.screenshot({ path: test.info().outputPath('ligne-d-attaque.png') });
      screenshotTaken = true;
    }
    await expect.poll(() => tableOf(master).rollLines.count()).toBeGreaterThan(before);
    await expect.poll(() => tableOf(hero).rollLines.count()).toBe(await tableOf(master).rollLines.count());
    await expect(master.getByTestId('attack-line')).toHaveCount(0, { timeout: 5_000 });
    await expect(hero.getByTestId('attack-line')).toHaveCount(0, { timeout: 5_000 });
  }
  await expect(tableOf(master).token('Gobelin 1')).toHaveAttribute('aria-label', /mort/);
  await expect(tableOf(hero).rollLines.first()).toContainText('Taillade → Gobelin');
  await expect(hero.getByRole('button', { name: 'Attaquer' })).toBeVisible();

  // The MJ removes the dead: its death is told to all.
  await tableOf(master).token('Gobelin 1').click();
  await master.getByRole('button', { name: 'Supprimer le pion' }).click();
  await master.getByRole('button', { name: 'Confirmer' }).click();
  await expect(tableOf(hero).chat).toContainText('Vous avez tué un Gobelin 1.');

  // Two wolves beside Aelis; a whirl of the soul catches both.
  const aelis = (await tableOf(master).token('Aelis').boundingBox())!;
  const boardBox = (await tableOf(master).map.boundingBox())!;
  const local = { x: aelis.x - boardBox.x, y: aelis.y - boardBox.y };
  // Left of Aelis, within a wolf's reach of a cell (the turn-order panel floats on the right): a
  // click places a token's centre, and hers is half a cell from her box's corner.
  await tableOf(master).placeFromMenu({ x: local.x - 0.5 * cell, y: local.y - 0.5 * cell }, 'Loup');
  await tableOf(master).placeFromMenu({ x: local.x - 0.5 * cell, y: local.y + 0.5 * cell }, 'Loup');
  await expect(tableOf(hero).token('Loup 2')).toBeVisible();
  const rolledBefore = await tableOf(master).rollLines.count();
  const whirlLines = await tableOf(master).watchAttackLines();
  await tableOf(hero).chooseAttack('Tourbillon');
  await tableOf(hero).token('Loup 2').click();
  await expect.poll(whirlLines).toBe(2);
  await expect.poll(() => tableOf(master).rollLines.count()).toBeGreaterThanOrEqual(rolledBefore + 2);
  await expect(tableOf(master).chat).toContainText('Tourbillon → Loup 1');
  await expect(tableOf(master).chat).toContainText('Tourbillon → Loup 2');

  // The MJ makes a wolf strike Aelis from its token: the roll is the wolf's, both see it. The
  // whirlwind's lines go first (a second each), so the bite's is counted alone.
  await expect(hero.getByTestId('attack-line')).toHaveCount(0);
  const struckBefore = await tableOf(hero).rollLines.count();
  const biteLines = await tableOf(hero).watchAttackLines();
  await tableOf(master).token('Loup 2').click();
  await master.getByRole('button', { name: 'Faire attaquer' }).click();
  await tableOf(master).token('Aelis').click();
  await expect.poll(biteLines).toBe(1);
  await expect.poll(() => tableOf(hero).rollLines.count()).toBeGreaterThan(struckBefore);
  // Spoken by the wolf; a hit adds its damage line after it.
  const bite = tableOf(hero).rollLines.filter({ hasText: 'Attaque → Aelis' });
  await expect(bite).toHaveCount(1);
  await expect(bite).toContainText('Loup 2');
  await expect(master.getByRole('button', { name: 'Attaquer' })).toHaveCount(0);

  // A reload of both finds the same fight.
  const chatBefore = await tableOf(master).rollLines.allInnerTexts();
  await Promise.all([hero.reload(), master.reload()]);
  await expect(tableOf(master).token('Loup 2')).toBeVisible();
  await expect(tableOf(hero).token('Gobelin 1')).toHaveCount(0);
  await expect.poll(() => tableOf(master).rollLines.allInnerTexts()).toEqual(chatBefore);
  await expect.poll(() => tableOf(hero).rollLines.allInnerTexts()).toEqual(chatBefore);
  await Promise.all([master, hero].map((page) => page.context().close()));
});
