import { expect, test, type Locator, type Page } from '@playwright/test';
import { BASE_PATH } from '../../src/api/paths';
import { rawQuery } from '../helpers/server';
import { ownServer } from './helpers/own-server';
import { fightWithHiddenSpectre } from './helpers/fight';
import { tableOf } from './helpers/table';

const server = ownServer();
const shots = process.env.REPLAY_SHOTS;

/** The MJ takes `amount` HP off `name` from its token's menu. */
async function wound(master: Page, name: string, amount: number) {
  await tableOf(master).token(name).click();
  await master.getByLabel('Montant (PV)').fill(String(amount));
  await master.getByRole('button', { name: 'Retirer des PV' }).click();
  await master.getByRole('button', { name: 'Fermer' }).first().click();
}

/** The replay's map, and a token on it by the name it is announced with. */
const replayMap = (page: Page) => page.getByRole('group', { name: /^Carte rejouée/ });
const replayToken = (page: Page, name: string): Locator =>
  replayMap(page).getByRole('button', { name: new RegExp(`^${name},`) });

/** The slider of the replay: it says where in the log the table shown stands. */
const slider = (page: Page) => page.getByRole('slider', { name: 'Position dans l’historique' });

test('a short fight replayed by the MJ and the player, to its middle and to the kill', async ({
  browser,
}) => {
  test.slow();
  const { master, hero, gameId, cell } = await fightWithHiddenSpectre(server, browser, {
    aelis: { x: 4.5, y: 4.5 },
    wolf: { x: 6.5, y: 4.5 },
    spectre: { x: 4.5, y: 6.5 },
  });

  // The middle of the fight: the wolf wounded, where it stood then.
  await wound(master, 'Loup 1', 10);
  await expect(tableOf(master).token('Loup 1')).toHaveAttribute('aria-label', /30 PV sur 40/);
  await expect(tableOf(hero).token('Loup 1')).toHaveAttribute('aria-label', /Loup 1, .*bless/);
  const middleForMaster = await tableOf(master).token('Loup 1').getAttribute('aria-label');
  const middleForHero = await tableOf(hero).token('Loup 1').getAttribute('aria-label');
  // Then it closes in on Aelis and falls.
  await tableOf(master).dragTokenBy('Loup 1', -cell, 0);
  await expect(tableOf(hero).token('Loup 1')).not.toHaveAttribute('aria-label', middleForHero!);
  await wound(master, 'Loup 1', 30);
  await expect(tableOf(hero).token('Loup 1')).toHaveAttribute('aria-label', /mort/);
  const middle = async () => {
    const rows = await rawQuery(
      server,
      `select seq from table_events where game_id = $1 and type = 'token.adjusted' order by seq`,
      [gameId],
    );
    return rows.length === 2 ? Number(rows[0]!.seq) : null;
  };
  // The log is what a replay reads: both wounds are in it.
  await expect.poll(middle).not.toBeNull();
  const middleSeq = (await middle())!;

  // « Rejouer » is at the table, and in the lobby: on the MJ's game card, beside « Jouer » on the
  // player's character.
  for (const [page, mode] of [
    [master, 'Maître du jeu'],
    [hero, 'Joueur'],
  ] as const) {
    await expect(page.getByRole('link', { name: 'Rejouer' })).toBeVisible();
    await page.goto(`${server.url}${BASE_PATH}/`);
    await page.getByRole('button', { name: mode }).click();
  }
  await master.getByRole('listitem', { name: 'La Lande' }).getByRole('link', { name: 'Rejouer' }).click();
  const aelis = hero.getByRole('listitem').filter({ hasText: 'Aelis' });
  await expect(aelis.getByRole('button', { name: 'Jouer' })).toBeVisible();
  await aelis.getByRole('link', { name: 'Rejouer' }).click();
  for (const page of [master, hero]) {
    await expect(page.getByRole('heading', { name: 'Rejouer la partie' })).toBeVisible();
    // Loaded: the marks, then the table at the start.
    await expect(page.getByRole('button', { name: /^Séance du / })).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Discussion' })).toBeVisible();
    // The end of the log: the kill.
    await slider(page).focus();
    await page.keyboard.press('End');
    await expect(replayToken(page, 'Loup 1')).toHaveAttribute('aria-label', /mort/);
  }
  await expect(replayToken(master, 'Spectre A')).toBeVisible();
  await expect(replayMap(hero)).not.toContainText('Spectre');
  await expect(replayToken(hero, 'Spectre')).toHaveCount(0);
  if (shots) await hero.screenshot({ path: `${shots}/rejouer-joueur-fin.png` });

  // The middle: the wolf as each of them saw it then, wounded, before it moved.
  await slider(master).fill(String(middleSeq));
  await slider(hero).fill(String(middleSeq));
  await expect(replayToken(master, 'Loup 1')).toHaveAttribute('aria-label', middleForMaster!);
  await expect(replayToken(hero, 'Loup 1')).toHaveAttribute('aria-label', middleForHero!);
  await expect(replayToken(hero, 'Spectre')).toHaveCount(0);
  if (shots) await master.screenshot({ path: `${shots}/rejouer-mj-milieu.png` });

  // One step on, in both replays.
  for (const page of [master, hero]) {
    await page.getByRole('button', { name: 'Pas suivant' }).click();
    await expect(slider(page)).toHaveValue(String(middleSeq + 1));
  }

  // Played on from there at ×16, it ends on the kill and stops.
  await master.getByRole('combobox', { name: 'Vitesse' }).selectOption('16');
  await master.getByRole('button', { name: 'Lecture' }).click();
  await expect(replayToken(master, 'Loup 1')).toHaveAttribute('aria-label', /mort/);
  await expect(master.getByRole('button', { name: 'Lecture' })).toBeVisible();
  if (shots) {
    await master.screenshot({ path: `${shots}/rejouer-mj-fin.png`, fullPage: true });
    await hero.setViewportSize({ width: 844, height: 390 });
    await hero.screenshot({ path: `${shots}/rejouer-joueur-844x390.png`, fullPage: true });
    await hero.setViewportSize({ width: 390, height: 844 });
    await hero.screenshot({ path: `${shots}/rejouer-joueur-390x844.png`, fullPage: true });
  }
});
