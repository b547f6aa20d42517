import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import type { RegisteredUser } from '../helpers/server';
import { openSignedInAt, ownServer } from './helpers/own-server';
import { gameWithHero } from './helpers/party';
import { tableOf } from './helpers/table';

const server = ownServer();

const DESKTOP = { width: 1440, height: 900 };

/** A game where 46 lines were said and the player keeps three macros: an evening's chat. */
async function longEvening() {
  const party = await gameWithHero(server, 'La Longue Veillée');
  for (let index = 1; index <= 46; index++) {
    await server.app.table.postSystemMessage(party.gameId, `Ligne ${index} de la soirée`);
  }
  for (const title of ['Attaque', 'Soin', 'Initiative']) {
    const created = await server.api('POST', '/macro', { title, content: '/r 1d20' }, party.player.token);
    expect(created.status).toBe(201);
  }
  return party;
}

async function openTable(
  browser: Browser,
  user: RegisteredUser,
  path: string,
  viewport: { width: number; height: number },
  touch = false,
): Promise<Page> {
  const page = await openSignedInAt(browser, server, user, path, viewport, touch);
  await expect(tableOf(page).chat.locator('.game-chat__line')).toHaveCount(46);
  return page;
}

const logOf = (page: Page) => tableOf(page).chat.locator('.game-chat__lines');

/** The lines wholly inside the log's box. */
async function linesInView(log: Locator): Promise<number> {
  return log.evaluate((list) => {
    const box = list.getBoundingClientRect();
    return [...list.querySelectorAll('.game-chat__line')].filter((line) => {
      const own = line.getBoundingClientRect();
      return own.top >= box.top - 1 && own.bottom <= box.bottom + 1;
    }).length;
  });
}

async function newestInView(page: Page) {
  await expect.poll(() => linesInView(logOf(page))).toBeGreaterThan(0);
  await expect(tableOf(page).chat.locator('.game-chat__line').last()).toBeInViewport({ ratio: 1 });
}

test('scrolled back, the reader is told of new lines and brought to them', async ({ browser }) => {
  const { player, gameId, characterId } = await longEvening();
  const page = await openTable(browser, player, `/game?gameId=${gameId}&playerId=${characterId}`, DESKTOP);
  await logOf(page).evaluate((log) => {
    log.scrollTop = 0;
  });
  const marker = tableOf(page).chat.getByRole('button', { name: /Nouveaux messages/ });
  await expect(marker).toBeHidden();
  await server.app.table.postSystemMessage(gameId, 'Un loup hurle au loin');
  await expect(marker).toBeVisible();
  expect(await logOf(page).evaluate((log) => log.scrollTop)).toBe(0);
  await marker.click();
  await newestInView(page);
  await expect(marker).toBeHidden();
});

test('a line typed during a network cut is kept and sent again on « Réessayer »', async ({ browser }) => {
  const { player, gameId, characterId } = await longEvening();
  const page = await openTable(browser, player, `/game?gameId=${gameId}&playerId=${characterId}`, DESKTOP);
  const chat = tableOf(page).chat;
  await page.context().setOffline(true);
  await tableOf(page).say('Tenez bon, j’arrive');
  await expect(chat.getByText("Erreur lors de l'envoi du message")).toBeVisible({ timeout: 20_000 });
  const failed = chat.locator('.game-chat__line--failed');
  await expect(failed).toContainText('Tenez bon, j’arrive');
  await page.context().setOffline(false);
  await failed.getByRole('button', { name: 'Réessayer' }).click();
  await expect(chat.locator('.game-chat__line:not(.game-chat__line--pending)').last()).toContainText(
    'Tenez bon, j’arrive',
  );
  await expect(failed).toHaveCount(0);
});
