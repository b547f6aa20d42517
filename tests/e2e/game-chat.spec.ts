import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import type { RegisteredUser } from '../helpers/server';
import { axeViolations } from './helpers/axe';
import { openSignedInAt, ownServer } from './helpers/own-server';
import { gameWithHero } from './helpers/party';
import { tableOf } from './helpers/table';

const server = ownServer();

const PHONE_LANDSCAPE = { width: 844, height: 390 };
const DESKTOP = { width: 1440, height: 900 };

/** A line of a fight as long as the MJ's descriptions run: two or three lines of the log. */
const longLine = (index: number) =>
  `Ligne ${index} de la soirée\u00a0: le vent se lève sur la plaine, les torches vacillent et les loups tournent autour du campement sans oser approcher.`;

/** A game where 46 lines were said and the player keeps three macros: an evening's chat. */
async function longEvening(line = (index: number) => `Ligne ${index} de la soirée`) {
  const party = await gameWithHero(server, 'La Longue Veillée');
  for (let index = 1; index <= 46; index++) {
    await server.app.table.postSystemMessage(party.gameId, line(index));
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

test('held landscape, a phone’s chat shows several lines, follows the newest after a turn, and « Envoyer » is in reach', async ({
  browser,
}) => {
  const { player, gameId, characterId } = await longEvening();
  const page = await openTable(
    browser,
    player,
    `/game?gameId=${gameId}&playerId=${characterId}`,
    PHONE_LANDSCAPE,
    true,
  );
  await newestInView(page);
  expect(await linesInView(logOf(page))).toBeGreaterThanOrEqual(3);
  const send = tableOf(page).chat.getByRole('button', { name: 'Envoyer', exact: true });
  await expect(send).toBeInViewport({ ratio: 1 });
  expect((await send.boundingBox())!.height).toBeGreaterThanOrEqual(44);

  // Turned upright and back: the newest line is still the one in view.
  await page.setViewportSize({ width: 390, height: 844 });
  await newestInView(page);
  await page.setViewportSize(PHONE_LANDSCAPE);
  await newestInView(page);
  expect(await linesInView(logOf(page))).toBeGreaterThanOrEqual(3);
});

test('at 1440×900 with three macros and long lines the log keeps room for a conversation; notices leave; d20 rolls; links open away', async ({
  browser,
}) => {
  const { player, gameId, characterId } = await longEvening(longLine);
  const page = await openTable(browser, player, `/game?gameId=${gameId}&playerId=${characterId}`, DESKTOP);
  const chat = tableOf(page).chat;
  await expect(chat.getByRole('button', { name: 'Envoyer la macro Initiative' })).toBeVisible();
  await newestInView(page);
  // Long lines wrap, so lines are not counted: the log takes most of the panel, macros or not.
  const [log, panel] = await Promise.all([logOf(page).boundingBox(), chat.boundingBox()]);
  expect(log!.height).toBeGreaterThanOrEqual(panel!.height * 0.6);
  // Each line wraps to five or six in the side column: the newest and the one before it show whole.
  expect(await linesInView(logOf(page))).toBeGreaterThanOrEqual(2);

  await tableOf(page).say('/danse');
  const notice = chat.getByRole('alert');
  await expect(notice).toContainText('Commande invalide');
  await tableOf(page).say('/r d20');
  await expect(
    chat.locator('.game-chat__line--diceRoll, [class*="game-chat__line--diceRollCritical"]'),
  ).toHaveCount(1);
  await expect(notice).toBeHidden();

  await tableOf(page).say('La carte : https://example.org/carte');
  const link = chat.getByRole('link', { name: 'https://example.org/carte' });
  await expect(link).toHaveAttribute('href', 'https://example.org/carte');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener noreferrer/);
});

test('the chat passes axe and is never read out: the table’s one live region says the newest line', async ({
  browser,
}) => {
  const { player, gameId, characterId } = await longEvening();
  const page = await openTable(browser, player, `/game?gameId=${gameId}&playerId=${characterId}`, DESKTOP);
  expect(await axeViolations(page, { within: '.game-chat' })).toEqual([]);
  const log = logOf(page);
  await expect(log).not.toHaveAttribute('aria-live', /.*/);
  await server.app.table.postSystemMessage(gameId, 'Un corbeau se pose');
  await expect(page.locator('.live-table__toolbar > [role="status"].visually-hidden')).toHaveText(
    'Un corbeau se pose',
  );
  await expect(tableOf(page).chat.locator('[aria-live]')).toHaveCount(0);
});

test('a macro row that hides some says so, and its arrows bring the rest into view by keyboard', async ({
  browser,
}) => {
  const { player, gameId, characterId } = await longEvening();
  for (const [viewport, touch] of [
    [DESKTOP, false],
    [PHONE_LANDSCAPE, true],
  ] as const) {
    const page = await openTable(
      browser,
      player,
      `/game?gameId=${gameId}&playerId=${characterId}`,
      viewport,
      touch,
    );
    const chat = tableOf(page).chat;
    const row = chat.getByRole('group', { name: 'Macros' });
    const next = chat.getByRole('button', { name: 'Macros suivantes' });
    const previous = chat.getByRole('button', { name: 'Macros précédentes' });
    const newMacro = row.getByRole('button', { name: 'Nouvelle macro' });
    await expect(newMacro).not.toBeInViewport({ ratio: 1 });
    await expect(row).toHaveClass(/game-chat__macros--more-after/);
    await expect(next).toBeVisible();
    await expect(previous).toHaveAttribute('aria-disabled', 'true');
    if (touch) expect((await next.boundingBox())!.height).toBeGreaterThanOrEqual(44);

    await next.focus();
    for (let press = 0; press < 15 && (await next.getAttribute('aria-disabled')) !== 'true'; press++) {
      await page.keyboard.press('Enter');
      await page.waitForTimeout(400);
    }
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    await expect(next).toBeFocused();
    await expect(newMacro).toBeInViewport({ ratio: 1 });
    await expect(row).toHaveClass(/game-chat__macros--more-before/);
    await expect(previous).toHaveAttribute('aria-disabled', 'false');
    await page.context().close();
  }
});
