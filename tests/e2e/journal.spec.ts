import { expect, test, type Page } from '@playwright/test';
import { openSignedInAt, ownServer } from './helpers/own-server';
import { gameWithHero } from './helpers/party';

const server = ownServer();

const DESKTOP = { width: 1280, height: 800 };

const journalOf = (page: Page) => page.getByRole('dialog', { name: 'Journal de la partie' });

async function openJournal(page: Page) {
  await page.getByRole('button', { name: 'Journal', exact: true }).click();
  await expect(journalOf(page)).toBeVisible();
  return journalOf(page);
}

const pageButton = (journal: ReturnType<typeof journalOf>, title: string) =>
  journal
    .getByRole('navigation', { name: 'Pages du journal' })
    .getByRole('button', { name: new RegExp(title) });

async function newPage(journal: ReturnType<typeof journalOf>, title: string, shared: boolean) {
  await journal.getByRole('textbox', { name: 'Titre de la nouvelle page' }).fill(title);
  const share = journal.getByRole('navigation').getByRole('checkbox', { name: 'Partagée avec les joueurs' });
  await expect(share).not.toBeChecked();
  await share.setChecked(shared);
  await journal.getByRole('button', { name: 'Créer la page' }).click();
  await expect(journal.getByRole('textbox', { name: 'Titre de la page' })).toHaveValue(title);
}

test('the journal saves and reloads; a player reads the shared page only, and writes it once allowed', async ({
  browser,
}) => {
  const { mj, player, gameId, characterId } = await gameWithHero(server, 'Les Chroniques');
  const master = await openSignedInAt(browser, server, mj, `/game?gameId=${gameId}`, DESKTOP);
  let journal = await openJournal(master);
  await expect(journal).toContainText('Aucune page pour l’instant.');

  await newPage(journal, 'Chronique', true);
  const body = journal.getByRole('textbox', { name: 'Texte de la page' });
  await body.fill('# Séance 1\nLe groupe arrive au **port**.\n- une corde');
  await expect(journal.getByRole('status').filter({ hasText: 'Enregistré' })).toBeVisible();

  await newPage(journal, 'Secrets du MJ', false);
  await body.fill('Le capitaine est un traître.');
  await expect(journal.getByRole('status').filter({ hasText: 'Enregistré' })).toBeVisible();

  await master.reload();
  journal = await openJournal(master);
  await pageButton(journal, 'Chronique').click();
  await expect(body).toHaveValue('# Séance 1\nLe groupe arrive au **port**.\n- une corde');
  await pageButton(journal, 'Secrets du MJ').click();
  await expect(body).toHaveValue('Le capitaine est un traître.');

  const aelis = await openSignedInAt(
    browser,
    server,
    player,
    `/game?gameId=${gameId}&playerId=${characterId}`,
    DESKTOP,
  );
  const seen = await openJournal(aelis);
  await expect(pageButton(seen, 'Chronique')).toBeVisible();
  await expect(seen).not.toContainText('Secrets du MJ');
  await expect(seen.getByRole('heading', { name: 'Séance 1' })).toBeVisible();
  await expect(seen.locator('strong')).toHaveText('port');
  await expect(seen.getByText('Lecture seule')).toBeVisible();
  await expect(seen.getByRole('button', { name: 'Modifier' })).toHaveCount(0);

  // The MJ lets the players write: the player's copy hears it at once.
  await pageButton(journal, 'Chronique').click();
  // The box follows the server's answer, not the click.
  const mayWrite = journal.getByRole('checkbox', { name: 'Les joueurs peuvent écrire' });
  await mayWrite.click();
  await expect(mayWrite).toBeChecked();
  await seen.getByRole('button', { name: 'Modifier' }).click();
  const playerBody = seen.getByRole('textbox', { name: 'Texte de la page' });
  await playerBody.fill('# Séance 1\nLe groupe arrive au **port**.\n- une corde\n- trois torches (Aelis)');
  await expect(seen.getByRole('status').filter({ hasText: 'Enregistré' })).toBeVisible();
  await expect(body).toHaveValue(
    '# Séance 1\nLe groupe arrive au **port**.\n- une corde\n- trois torches (Aelis)',
  );
  await expect(journal.getByRole('status').filter({ hasText: /Modifiée par/ })).toContainText(
    player.displayName,
  );
});
