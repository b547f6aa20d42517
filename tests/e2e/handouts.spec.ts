import { expect, test, type Browser, type Page } from '@playwright/test';
import { noisyPicture } from '../helpers/files';
import type { RegisteredUser } from '../helpers/server';
import { openSignedInAt, ownServer } from './helpers/own-server';
import { gameWithTwoHeroes } from './helpers/party';
import { tableOf } from './helpers/table';

const server = ownServer();

const DESKTOP = { width: 1280, height: 800 };

async function openAt(browser: Browser, user: RegisteredUser, path: string): Promise<Page> {
  const page = await openSignedInAt(browser, server, user, path, DESKTOP);
  await expect(tableOf(page).chat.getByText('Aucun message pour le moment')).toBeVisible();
  return page;
}

const library = (page: Page) => page.getByRole('dialog', { name: 'Documents de la partie' });

/** The MJ writes or brings a handout in their library and shows it to one player. */
async function showTo(master: Page, title: string, playerName: string) {
  const handout = library(master).getByRole('listitem').filter({ hasText: title });
  await handout.getByRole('button', { name: 'Montrer…' }).click();
  const audience = master.getByRole('dialog', { name: `Montrer « ${title} » à` });
  for (const box of await audience.getByRole('checkbox').all()) {
    const name = (await box.locator('xpath=..').textContent()) ?? '';
    if (name.trim() !== playerName) await box.uncheck();
  }
  await audience.getByRole('button', { name: 'Montrer', exact: true }).click();
  await expect(handout).toContainText(`Montré à\u00a0: ${playerName}`);
}

test('a handout reaches the one player it is shown to, and not the other, until the MJ takes it back', async ({
  browser,
}) => {
  const { mj, player, second, gameId, characterId, secondCharacterId } = await gameWithTwoHeroes(
    server,
    'Les Lettres',
  );
  const master = await openAt(browser, mj, `/game?gameId=${gameId}`);
  const aelis = await openAt(browser, player, `/game?gameId=${gameId}&playerId=${characterId}`);
  const borin = await openAt(browser, second, `/game?gameId=${gameId}&playerId=${secondCharacterId}`);

  await master.getByRole('button', { name: 'Documents', exact: true }).click();
  const form = library(master).getByRole('form', { name: 'Nouveau document' });
  await form.getByLabel('Titre').fill('Lettre du baron');
  await form.getByLabel('Texte', { exact: true }).fill('Mon cher ami,\n\nLe pont de Valmont est tombé.');
  await form.getByRole('button', { name: 'Créer le document' }).click();
  await expect(library(master).getByRole('listitem').filter({ hasText: 'Lettre du baron' })).toContainText(
    'Montré à personne',
  );

  await form.getByLabel('Titre').fill('Portrait de la comtesse');
  await form.getByLabel('Une image').check();
  await form.getByLabel('Image (PNG, JPEG ou WebP)').setInputFiles({
    name: 'comtesse.png',
    mimeType: 'image/png',
    buffer: await noisyPicture(600, 400).png().toBuffer(),
  });
  await form.getByRole('button', { name: 'Créer le document' }).click();
  await expect(
    library(master).getByRole('listitem').filter({ hasText: 'Portrait de la comtesse' }),
  ).toBeVisible();

  await showTo(master, 'Lettre du baron', player.displayName);
  // It opens at once on Aelis's screen.
  const letter = aelis.getByRole('dialog', { name: 'Lettre du baron' });
  await expect(letter).toContainText('Le pont de Valmont est tombé.');
  await letter.getByRole('button', { name: 'Fermer le document' }).click();

  await showTo(master, 'Portrait de la comtesse', player.displayName);
  const portrait = aelis.getByRole('dialog', { name: 'Portrait de la comtesse' });
  await expect(portrait.getByRole('img', { name: 'Portrait de la comtesse' })).toBeVisible();
  await portrait.getByRole('button', { name: 'Fermer le document' }).click();

  await aelis.getByRole('button', { name: 'Documents (2)' }).click();
  const documents = aelis.getByRole('list', { name: 'Documents' }).getByRole('listitem');
  await expect(documents).toHaveCount(2);
  await expect(documents.first()).toContainText('Portrait de la comtesse');
  await expect(documents.first()).toContainText(/Montré le \d{1,2} \S+ \d{4}/);
  await aelis.getByRole('button', { name: 'Fermer les documents' }).click();

  // Borin was shown nothing: no dialog, an empty panel, even after a reload.
  for (const reloaded of [false, true]) {
    if (reloaded) await borin.reload();
    await borin.getByRole('button', { name: 'Documents', exact: true }).click();
    await expect(borin.getByText('Le maître du jeu ne vous a encore montré aucun document.')).toBeVisible();
    await expect(borin.locator('body')).not.toContainText('Lettre du baron');
    await expect(borin.locator('body')).not.toContainText('Portrait de la comtesse');
    await borin.getByRole('button', { name: 'Fermer les documents' }).click();
  }

  // Aelis keeps them across a reload.
  await aelis.reload();
  await expect(aelis.getByRole('button', { name: 'Documents (2)' })).toBeVisible();

  // Taken back, the letter leaves Aelis's panel and its viewer closes.
  await aelis.getByRole('button', { name: 'Documents (2)' }).click();
  await aelis.getByRole('button', { name: /Lettre du baron/ }).click();
  await expect(aelis.getByRole('dialog', { name: 'Lettre du baron' })).toBeVisible();
  await library(master)
    .getByRole('listitem')
    .filter({ hasText: 'Lettre du baron' })
    .getByRole('button', { name: 'Reprendre' })
    .click();
  await expect(aelis.getByRole('dialog', { name: 'Lettre du baron' })).toHaveCount(0);
  await expect(aelis.getByRole('list', { name: 'Documents' }).getByRole('listitem')).toHaveCount(1);
  await expect(aelis.getByRole('button', { name: 'Documents (1)' })).toBeVisible();
});
