import { expect, test, type Page } from '@playwright/test';
import { rawQuery } from '../helpers/server';
import { ownServer } from './helpers/own-server';
import { fightWithHiddenSpectre } from './helpers/fight';
import { tableOf } from './helpers/table';

const server = ownServer();
const shots = process.env.RECAP_SHOTS;

/** The MJ makes `attacker` strike Aelis from its token, and waits for the roll. */
async function strikeAelis(master: Page, attacker: string) {
  const rolled = await tableOf(master).rollLines.count();
  await tableOf(master).token(attacker).click();
  await master.getByRole('button', { name: 'Faire attaquer' }).click();
  await tableOf(master).token('Aelis').click();
  await expect.poll(() => tableOf(master).rollLines.count()).toBeGreaterThan(rolled);
}

async function openRecap(page: Page) {
  await page.getByRole('button', { name: 'Résumé de la séance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Résumé de la séance' });
  await expect(dialog.getByRole('table')).toBeVisible();
  return dialog;
}

test('a short fight, read in the recap by the MJ and the player, the MJ’s lines, « La dernière fois… » after a pause', async ({
  browser,
}) => {
  test.slow();
  const { master, hero, gameId } = await fightWithHiddenSpectre(server, browser, {
    aelis: { x: 4.5, y: 4.5 },
    wolf: { x: 5.5, y: 4.5 },
    spectre: { x: 4.5, y: 5.5 },
  });
  await strikeAelis(master, 'Loup 1');
  await strikeAelis(master, 'Spectre A');

  // The MJ's recap names the hidden spectre and who it fought.
  const mastersRecap = await openRecap(master);
  await expect(mastersRecap.getByRole('row', { name: /^Spectre A/ })).toContainText('Aelis');
  await expect(mastersRecap.getByRole('row', { name: /^Aelis/ })).toContainText('Loup 1');
  await expect(mastersRecap.getByRole('combobox', { name: 'Séance' })).toHaveValue('1');
  await expect(mastersRecap.getByText(/^\d+ d20 lancés?\.$/)).toBeVisible();
  await expect(mastersRecap.getByRole('list', { name: 'Face par face' }).getByRole('listitem')).toHaveCount(
    20,
  );

  // The MJ adds lines of their own.
  await mastersRecap.getByRole('button', { name: 'Écrire les notes' }).click();
  await mastersRecap.getByLabel('Notes du MJ sur la séance').fill('Une ombre suit le groupe.');
  await mastersRecap.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(mastersRecap.getByText('Une ombre suit le groupe.')).toBeVisible();
  if (shots) await master.screenshot({ path: `${shots}/recap-mj.png` });

  // The player's recap: the wolf, never the spectre; no pen for the MJ's lines.
  const herosRecap = await openRecap(hero);
  await expect(herosRecap.getByRole('row', { name: /^Aelis/ })).toContainText('Loup 1');
  await expect(herosRecap.getByText('Une ombre suit le groupe.')).toBeVisible();
  await expect(herosRecap).not.toContainText('Spectre');
  await expect(herosRecap.getByRole('button', { name: 'Écrire les notes' })).toHaveCount(0);
  if (shots) await hero.screenshot({ path: `${shots}/recap-joueur.png` });
  await herosRecap.getByRole('button', { name: 'Fermer le résumé' }).click();

  // A pause of a day: the table opens on « La dernière fois… », once.
  await rawQuery(
    server,
    `update table_events set created_at = created_at - interval '1 day' where game_id = $1`,
    [gameId],
  );
  await hero.reload();
  const lastTime = hero.getByRole('dialog', { name: 'La dernière fois…' });
  await expect(lastTime).toBeVisible();
  await expect(lastTime.getByText('Une ombre suit le groupe.')).toBeVisible();
  await expect(lastTime).not.toContainText('Spectre');
  if (shots) await hero.screenshot({ path: `${shots}/derniere-fois.png` });
  await lastTime.getByRole('button', { name: 'Reprendre la partie' }).click();
  await expect(lastTime).toHaveCount(0);
  // The reloaded page's own question: one the page asked before may land during the reload, its
  // body gone with the page.
  const askedAgain = hero
    .waitForEvent('framenavigated', (frame) => frame === hero.mainFrame())
    .then(() => hero.waitForResponse((response) => response.url().includes('/recap/last-time')));
  await hero.reload();
  expect(await (await askedAgain).json()).toEqual({ recap: null });
  await expect(tableOf(hero).token('Aelis')).toBeVisible();
  await expect(hero.getByRole('dialog', { name: 'La dernière fois…' })).toHaveCount(0);
  if (shots) {
    await hero.setViewportSize({ width: 844, height: 390 });
    await openRecap(hero);
    await hero.screenshot({ path: `${shots}/recap-joueur-telephone.png` });
  }
});
