import { expect, test, type Browser, type Page } from '@playwright/test';
import { insertCharacter } from '../helpers/game-fixtures';
import type { RegisteredUser } from '../helpers/server';
import { openSignedInAt, ownServer } from './helpers/own-server';
import { gameWithTwoHeroes } from './helpers/party';
import { tableOf } from './helpers/table';

const server = ownServer();

const DESKTOP = { width: 1440, height: 900 };

/** The MJ, Aelis's player and Borin's, at the same table. */
async function twoPlayers() {
  const party = await gameWithTwoHeroes(server, 'Les Murmures');
  return { ...party, borinId: party.secondCharacterId };
}

async function openAt(browser: Browser, user: RegisteredUser, path: string): Promise<Page> {
  const page = await openSignedInAt(browser, server, user, path, DESKTOP);
  await expect(tableOf(page).chat.getByText('Aucun message pour le moment')).toBeVisible();
  return page;
}

const linesOf = (page: Page) => tableOf(page).chat.locator('.game-chat__line');

test('a whisper reaches the one it names and the MJ, and a secret roll shows « jet secret »', async ({
  browser,
}) => {
  const { mj, player, second, gameId, characterId, borinId } = await twoPlayers();
  const master = await openAt(browser, mj, `/game?gameId=${gameId}`);
  const aelis = await openAt(browser, player, `/game?gameId=${gameId}&playerId=${characterId}`);
  const borin = await openAt(browser, second, `/game?gameId=${gameId}&playerId=${borinId}`);

  await tableOf(master).say('/w Aelis Tu sens une présence derrière la porte.');
  await tableOf(master).say('La nuit tombe sur le village.');
  for (const page of [master, aelis, borin]) {
    await expect(linesOf(page).last()).toContainText('La nuit tombe sur le village.');
  }
  const whisper = linesOf(aelis).filter({ hasText: 'Tu sens une présence' });
  await expect(whisper).toContainText('murmure à Aelis');
  await expect(linesOf(master).filter({ hasText: 'Tu sens une présence' })).toHaveCount(1);
  await expect(tableOf(borin).chat).not.toContainText('Tu sens une présence');

  await tableOf(borin).say('/w MJ Je vole la bourse du marchand.');
  await expect(linesOf(master).last()).toContainText('Je vole la bourse du marchand.');
  await expect(linesOf(borin).last()).toContainText('murmure à MJ');

  // A roll of the dice form, secret: its roller reads it, Borin reads « jet secret ».
  await tableOf(aelis).chat.getByRole('button', { name: 'Dés', exact: true }).click();
  const dice = tableOf(aelis).chat.getByRole('form', { name: 'Lancer des dés' });
  await dice.getByText('Jet secret', { exact: true }).click();
  await expect(dice.getByRole('radio', { name: 'Jet secret' })).toBeChecked();
  await dice.getByRole('button', { name: 'd20' }).click();
  await dice.getByRole('button', { name: '1', exact: true }).click();
  await dice.getByRole('button', { name: 'Lancer' }).click();
  await expect(tableOf(aelis).chat.getByRole('button', { name: /Dés · secret/ })).toBeVisible();
  await expect(linesOf(aelis).last()).toContainText(/1d20 : \[\d+\] = \d+/);
  await expect(linesOf(master).last()).toContainText(/1d20 : \[\d+\] = \d+/);
  await expect(linesOf(borin).last()).toContainText('jet secret');
  await expect(linesOf(borin).last()).not.toContainText('1d20');

  // Read again from the log: nothing more.
  await borin.reload();
  await expect(linesOf(borin).last()).toContainText('jet secret');
  await expect(tableOf(borin).chat).toContainText('La nuit tombe sur le village.');
  await expect(tableOf(borin).chat).not.toContainText('Tu sens une présence');
  await expect(tableOf(borin).chat).toContainText('Je vole la bourse du marchand.');
  await aelis.reload();
  await expect(tableOf(aelis).chat).toContainText('Tu sens une présence');
  await expect(tableOf(aelis).chat).not.toContainText('Je vole la bourse');
});

test('the names offered after /w complete the whisper, by keyboard or by a tap', async ({ browser }) => {
  const { player, second, gameId, characterId } = await twoPlayers();
  await insertCharacter(server.database.db, { userId: second.userId, gameId, name: 'Élodie de Montfort' });
  const aelis = await openAt(browser, player, `/game?gameId=${gameId}&playerId=${characterId}`);
  const input = tableOf(aelis).chat.getByRole('combobox', { name: 'Votre message' });
  const names = tableOf(aelis).chat.getByRole('listbox', { name: 'Personnages à qui murmurer' });

  await input.pressSequentially('/w ');
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await expect(names.getByRole('option')).toHaveText(['MJ', 'Aelis', 'Borin', 'Élodie de Montfort']);
  await expect(tableOf(aelis).chat.getByRole('status')).toHaveText(/4\u00a0noms proposés/);
  await input.press('ArrowDown');
  await input.press('ArrowDown');
  const borin = names.getByRole('option', { name: 'Borin' });
  await expect(borin).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await borin.getAttribute('id'))!);
  await input.press('Enter');
  await expect(input).toHaveValue('/w Borin ');
  await expect(names).toBeHidden();

  await input.fill('');
  await input.pressSequentially('/w elo');
  await expect(names.getByRole('option')).toHaveText(['Élodie de Montfort']);
  await input.press('Tab');
  await expect(input).toHaveValue('/w "Élodie de Montfort" ');
  await expect(input).toBeFocused();
  await input.pressSequentially('On se retrouve au moulin.');
  await input.press('Enter');
  await expect(linesOf(aelis).last()).toContainText('murmure à Élodie de Montfort');
  await expect(linesOf(aelis).last()).toContainText('On se retrouve au moulin.');

  await input.pressSequentially('/w m');
  await expect(names).toBeVisible();
  await input.press('Escape');
  await expect(names).toBeHidden();
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  await expect(input).toHaveValue('/w m');
  await input.fill('/w ');
  await names.getByRole('option', { name: 'MJ' }).click();
  await expect(input).toHaveValue('/w MJ ');
  await expect(input).toBeFocused();
});
