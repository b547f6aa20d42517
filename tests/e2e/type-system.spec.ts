import { expect, test, type Locator, type Page } from '@playwright/test';
import { openSignedIn, ownServer } from './helpers/own-server';
import { gameWithPlayer } from './helpers/party';

const server = ownServer();

/** A font list as the browser writes it, and as the stylesheet does: the same once unquoted. */
const fontList = (value: string) => value.replace(/["'\s]/g, '');

async function typeSystem(page: Page) {
  const [title, body] = await page.evaluate(() => {
    const root = getComputedStyle(document.documentElement);
    return [root.getPropertyValue('--font-title'), root.getPropertyValue('--font-body')];
  });
  expect(fontList(title), 'police des titres').not.toBe('');
  expect(fontList(body), 'police du texte').not.toBe('');
  return { title: fontList(title), body: fontList(body) };
}

async function expectFont(element: Locator, font: string) {
  await expect(element).toBeVisible();
  expect(fontList(await element.evaluate((node) => getComputedStyle(node).fontFamily))).toBe(font);
}

test('every screen sets its titles in the title font and its text in the body font', async ({
  page,
  browser,
}) => {
  const { mj, player, gameId } = await gameWithPlayer(server, 'La Crypte');

  await openSignedIn(page, server, mj, '/');
  const fonts = await typeSystem(page);
  await page.getByRole('button', { name: 'Maître du jeu' }).click();
  await expectFont(page.getByRole('heading', { name: 'Mes parties' }), fonts.title);
  await expectFont(page.getByText('Dernière connexion'), fonts.body);
  await page.getByRole('button', { name: /^Amis/ }).click();
  const friends = page.getByRole('dialog', { name: 'Amis et invitations' });
  await expectFont(friends.getByRole('heading', { name: 'Amis et invitations' }), fonts.title);
  await expectFont(friends.getByText("Nom d'affichage"), fonts.body);

  await page.goto(
    page.url().replace(/\/shatteredrealms\/.*$/, `/shatteredrealms/admin/game?gameId=${gameId}`),
  );
  await expectFont(page.getByRole('heading', { name: 'Admin Partie' }), fonts.title);
  await expectFont(page.getByText('Veuillez choisir une catégorie en haut à droite'), fonts.body);

  // The player in a browser of their own: signing in over the MJ's session in one page races it.
  const creation = await (await browser.newContext()).newPage();
  await openSignedIn(creation, server, player, `/creation?gameId=${gameId}`);
  await expectFont(creation.getByRole('heading', { name: 'Création de personnage' }), fonts.title);
  await expectFont(creation.getByRole('heading', { name: 'Compétences' }), fonts.title);
  await expectFont(creation.getByText('Athlétisme'), fonts.body);
  await creation.context().close();
});
