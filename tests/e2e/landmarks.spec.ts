import { expect, test, type Locator, type Page } from '@playwright/test';
import { befriend } from '../helpers/friends';
import { axeViolations } from './helpers/axe';
import { makeAdmin, openSignedInAt, ownServer } from './helpers/own-server';
import { gameWithHero } from './helpers/party';
import { tableOf } from './helpers/table';

const server = ownServer();
const DESKTOP = { width: 1440, height: 900 };

/** axe's landmark rules: every piece of content in a landmark, each landmark where it belongs. */
const LANDMARK_RULES = [
  'region',
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-main-is-top-level',
  'landmark-no-duplicate-banner',
  'landmark-banner-is-top-level',
  'landmark-no-duplicate-contentinfo',
  'landmark-contentinfo-is-top-level',
  'landmark-complementary-is-top-level',
  'landmark-unique',
];

async function expectLandmarksRight(page: Page, shown: Locator) {
  await expect(shown).toBeVisible();
  expect(await axeViolations(page, { rules: LANDMARK_RULES })).toEqual([]);
}

test('every page keeps its content in landmarks, the private chat included', async ({ browser }) => {
  test.slow();
  const { mj, player, gameId, characterId } = await gameWithHero(server, 'Les Repères');
  await befriend(server, mj, player);

  const visitor = await (await browser.newContext({ viewport: DESKTOP, locale: 'fr-FR' })).newPage();
  await visitor.goto('/');
  // The first visit's shell, until a click brings the scene (the signed-in home below is the scene).
  await expectLandmarksRight(visitor, visitor.getByRole('button', { name: 'Commencer l’aventure' }));
  await visitor.context().close();

  const home = await openSignedInAt(browser, server, player, '/', DESKTOP);
  await expectLandmarksRight(home, home.getByRole('navigation', { name: 'Compte' }));
  await home.getByRole('button', { name: /^Amis/ }).click();
  await home.getByRole('button', { name: `Discuter avec ${mj.displayName}` }).click();
  await expectLandmarksRight(home, home.getByRole('dialog', { name: `Discussion avec ${mj.displayName}` }));
  await home.context().close();

  const table = await openSignedInAt(
    browser,
    server,
    player,
    `/game?gameId=${gameId}&playerId=${characterId}`,
    DESKTOP,
  );
  await expectLandmarksRight(table, tableOf(table).chat);
  await table.context().close();

  const sheet = await openSignedInAt(
    browser,
    server,
    player,
    `/view?id=${characterId}&gameId=${gameId}`,
    DESKTOP,
  );
  await expectLandmarksRight(sheet, sheet.getByRole('heading', { level: 1, name: 'Aelis' }));
  await sheet.context().close();

  const admin = await openSignedInAt(browser, server, await makeAdmin(server, mj), '/admin', DESKTOP);
  await expectLandmarksRight(admin, admin.getByRole('main'));
  await admin.context().close();
});
