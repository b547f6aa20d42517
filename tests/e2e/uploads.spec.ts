import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { noisyPicture } from '../helpers/files';
import { insertGame } from '../helpers/game-fixtures';
import { rawQuery } from '../helpers/server';
import { openSignedIn, openSignedInAt, ownServer } from './helpers/own-server';
import { gameWithHero } from './helpers/party';
import { openAsHero, tableOf } from './helpers/table';

const server = ownServer();

test('an MJ picks files in the admin page: a map is stored and shown, a text named .png is refused', async ({
  page,
}) => {
  const folder = mkdtempSync(join(tmpdir(), 'uploads-'));
  const map = join(folder, 'crypte.png');
  writeFileSync(map, await noisyPicture(640, 400).png().toBuffer());
  const fake = join(folder, 'faux.png');
  writeFileSync(fake, 'ceci est un texte, pas une image');
  const mj = await server.register();
  const gameId = await insertGame(server.database.db, mj.userId, 'Les Terres Brisées');

  await openSignedIn(page, server, mj, `/admin/game?gameId=${gameId}`);
  const files = page.getByRole('region', { name: 'Fichiers' });
  await expect(files.getByText('Aucun fichier pour cette partie.')).toBeVisible();
  await files.getByLabel('Choisir des fichiers').setInputFiles([map, fake]);

  const uploads = files.getByRole('list', { name: 'Envois en cours' });
  await expect(uploads.getByRole('status').filter({ hasText: 'Enregistré' })).toBeVisible();
  const sent = uploads.getByRole('progressbar', { name: 'Envoi de crypte.png' });
  await expect(sent).toHaveJSProperty('position', 1);
  await expect(uploads.getByRole('alert')).toHaveText(
    'Type de fichier non pris en charge : PNG, JPEG ou WebP pour une image, Ogg ou MP3 pour un son.',
  );

  const listed = files.getByRole('list', { name: 'Fichiers de la partie' }).getByRole('listitem');
  await expect(listed).toHaveCount(1);
  // The quota as the server counted it once the map was stored: its three sizes, in tenths of a Mo.
  await expect(files.getByRole('meter', { name: 'Espace utilisé par les fichiers' })).toHaveAttribute(
    'aria-valuetext',
    /^0,\d\u00a0Mo sur \d+\u00a0Mo$/,
  );
  await expect(listed.getByText('640 × 400 px')).toBeVisible();
  const thumbnail = listed.getByRole('img');
  await expect(thumbnail).toHaveAttribute('src', /^blob:/);
  await expect
    .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
});

test('an MJ drops a picture on the table: it becomes the map, shown to them and to the player', async ({
  browser,
}) => {
  const party = await gameWithHero(server, 'La Crypte');
  const viewport = { width: 1280, height: 800 };
  const master = await openSignedInAt(browser, server, party.mj, `/game?gameId=${party.gameId}`, viewport);
  const hero = await openAsHero(browser, server, party, viewport);
  await expect(hero.getByText('Le maître du jeu n’a pas encore choisi de carte.')).toBeVisible();

  // A player's drop is swallowed: nothing is sent, the page stays at the table.
  const picture = await noisyPicture(640, 400).png().toBuffer();
  await tableOf(hero).dropFile('Crypte du roi.png', 'image/png', picture);
  await expect(hero.getByRole('progressbar')).toHaveCount(0);
  expect(hero.url()).toContain('/game?gameId=');

  await tableOf(master).dropFile('Crypte du roi.png', 'image/png', picture);
  for (const page of [master, hero]) {
    const map = tableOf(page).map.getByRole('img', { name: 'Crypte du roi' });
    await expect(map).toHaveAttribute('src', /^blob:/);
    await expect
      .poll(() => map.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
  }
  await expect(master.getByLabel('Carte', { exact: true })).toHaveValue(/.+/);

  // Replayed to the end, the player's picture is the server's, painted as their copy hid it then.
  // A replay reads the log, which the table's journal writes a moment later.
  const logged = async () =>
    (await rawQuery(server, 'select seq from table_events where game_id = $1', [party.gameId])).length;
  await expect.poll(logged).toBeGreaterThan(0);
  await hero.getByRole('link', { name: 'Rejouer' }).click();
  await expect(hero.getByRole('button', { name: /^Séance du / })).toHaveCount(1);
  const painted = hero.waitForResponse((response) =>
    /\/history\/maps\/[^/]+\/picture\?seq=/.test(response.url()),
  );
  await hero.getByRole('slider', { name: 'Position dans l’historique' }).focus();
  await hero.keyboard.press('End');
  expect((await painted).status()).toBe(200);
  const replayed = hero.getByRole('group', { name: /^Carte rejouée/ }).locator('img');
  await expect(replayed).toHaveAttribute('src', /^blob:/);
});

test('an MJ chooses a file for a new map in its form: the field names the file sent, and the map is saved', async ({
  page,
}) => {
  const folder = mkdtempSync(join(tmpdir(), 'uploads-'));
  const picture = join(folder, 'salle du trône.png');
  writeFileSync(picture, await noisyPicture(320, 200).png().toBuffer());
  const mj = await server.register();
  const gameId = await insertGame(server.database.db, mj.userId, 'Le Trône');

  await openSignedIn(page, server, mj, `/admin/game?gameId=${gameId}`);
  await page.getByLabel('Catégorie', { exact: true }).selectOption({ label: 'Cartes' });
  await page.getByRole('button', { name: 'Créer' }).click();
  const form = page.getByRole('form', { name: 'Formulaire de ressource' });
  await form.getByLabel('Nom').fill('Salle du trône');
  await form.getByLabel('Choisir un fichier').setInputFiles(picture);

  await expect(form.getByText('Fichier envoyé\u00a0: salle du trône.png')).toBeVisible();
  await expect(form.getByLabel('Lien de la carte')).toHaveCount(0);
  await expect(form.locator('.stored-picture__thumb')).toHaveAttribute('src', /^blob:/);
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Ressource enregistrée avec succès !' }),
  ).toBeVisible();
});
