import { expect, test, type Locator, type Page } from '@playwright/test';
import { BASE_PATH } from '../../src/api/paths';
import { befriend } from '../helpers/friends';
import { axeViolations, contrastAtZooms } from './helpers/axe';
import { focusNotShown } from './helpers/focus';
import { makeAdmin, openSignedInAt, ownServer } from './helpers/own-server';
import { gameWithHero } from './helpers/party';
import { furnishGame, openAsHero, tableOf } from './helpers/table';
import { tokenTextContrasts, zoomToTheEnd } from './helpers/token-contrast';

const server = ownServer();
const DESKTOP = { width: 1440, height: 900 };

/** axe's impacts a page may not have at all (docs/accessibility.md lists the moderate ones left). */
const BLOCKING = /\((serious|critical)\)/;

/** A page of the app beside the one shown: the spec's own server, not the suite's `baseURL`. */
const besides = (page: Page, path: string) => page.goto(`${server.url}${BASE_PATH}/${path}`);

/**
 * Every axe rule on the page as it stands, once `shown` is there, and the colours' contrast at 200 %
 * and on phones too: no serious or critical violation. The others are kept in the test's
 * annotations, to keep docs/accessibility.md's list current. With `focus`, the page is then gone
 * through with Tab, every element's focus to be seen (which moves the focus: not for a menu that
 * closes as it leaves).
 */
async function expectAccessible(page: Page, shown: Locator, { focus = true } = {}) {
  await expect(shown).toBeVisible();
  const violations = [...(await axeViolations(page)), ...(await contrastAtZooms(page))];
  for (const violation of violations.filter((found) => !BLOCKING.test(found)))
    test
      .info()
      .annotations.push({ type: 'axe', description: `${new URL(page.url()).pathname} ${violation}` });
  expect(violations.filter((violation) => BLOCKING.test(violation))).toEqual([]);
  if (focus) expect(await focusNotShown(page)).toEqual([]);
}

test('every page and its dialogs pass axe and show their focus: landing, forms, lobbies, social, profile, creation, sheet, admin, store, monitoring', async ({
  browser,
}) => {
  test.slow();
  const { mj, player, gameId, characterId } = await gameWithHero(server, 'Les Lecteurs');
  await befriend(server, mj, player);

  const visitor = await (await browser.newContext({ viewport: DESKTOP, locale: 'fr-FR' })).newPage();
  await visitor.goto('/');
  const start = visitor.getByRole('button', { name: 'Commencer l’aventure' });
  await expectAccessible(visitor, start);
  await start.click();
  await visitor.getByRole('button', { name: 'Se connecter' }).first().click();
  await expectAccessible(visitor, visitor.getByRole('dialog'));
  await visitor.context().close();

  const home = await openSignedInAt(browser, server, player, '/', DESKTOP);
  await expectAccessible(home, home.getByRole('navigation', { name: 'Compte' }));
  await home.getByRole('button', { name: /^Amis/ }).click();
  await expectAccessible(home, home.getByRole('button', { name: `Discuter avec ${mj.displayName}` }), {
    focus: false,
  });
  await home.getByRole('button', { name: `Discuter avec ${mj.displayName}` }).click();
  await expectAccessible(home, home.getByRole('dialog', { name: `Discussion avec ${mj.displayName}` }));
  await home.keyboard.press('Escape');
  await home.keyboard.press('Escape');
  await home.getByRole('button', { name: 'Profil' }).click();
  await expectAccessible(home, home.getByRole('dialog'));
  await besides(home, `creation?gameId=${gameId}`);
  await expectAccessible(home, home.getByRole('heading', { name: 'Création de personnage' }));
  await besides(home, `view?id=${characterId}&gameId=${gameId}`);
  await expectAccessible(home, home.getByRole('heading', { level: 1, name: 'Aelis' }));
  await besides(home, '');
  await home.getByRole('button', { name: 'Entrer' }).click();
  await home.getByRole('button', { name: 'Joueur' }).click();
  await expectAccessible(home, home.getByRole('heading', { name: 'Mes invitations' }));
  await home.context().close();

  const lobby = await openSignedInAt(browser, server, mj, '/', DESKTOP);
  await lobby.getByRole('button', { name: 'Entrer' }).click();
  await lobby.getByRole('button', { name: 'Maître du jeu' }).click();
  await expectAccessible(lobby, lobby.getByRole('heading', { name: 'Maître du jeu' }));
  await besides(lobby, `admin/game?gameId=${gameId}`);
  await expectAccessible(lobby, lobby.getByRole('main'));
  await lobby.context().close();

  const admin = await makeAdmin(server, mj);
  const store = await openSignedInAt(browser, server, admin, '/admin', DESKTOP);
  await expectAccessible(store, store.getByRole('main'));
  await besides(store, 'admin/monitoring');
  await expectAccessible(store, store.getByRole('main'));
  await besides(store, 'admin/performance-analysis');
  await expectAccessible(store, store.getByRole('main'));
  await store.context().close();
});

test('the table passes axe and shows its focus with its menus, aiming, dialogs and the chat open, for the MJ and a player, and its replay', async ({
  browser,
}) => {
  test.slow();
  const party = await gameWithHero(server, 'La Table Lue');
  await furnishGame(server, party.mj, party.gameId, 'Plaine', [{ name: 'Gobelin', HP: 7 }]);
  const master = await openSignedInAt(browser, server, party.mj, `/game?gameId=${party.gameId}`, DESKTOP);
  const mjTable = tableOf(master);
  await mjTable.bringPlayersTo('Plaine');
  await mjTable.placeFromMenu({ x: 400, y: 200 }, 'Gobelin');
  await mjTable.say('Bienvenue à la table');
  await expectAccessible(master, mjTable.token('Gobelin 1'));

  // The tokens' own texts (the name, the initials, a condition's chip) at both ends of the map's
  // zoom, the token focused so that its name is drawn however far out the map is.
  await mjTable.markCondition('Gobelin 1', 'Marque libre…', { label: 'Béni', rounds: '3' });
  for (const end of ['Zoom arrière', 'Zoom avant'] as const) {
    await zoomToTheEnd(master, end);
    await mjTable.token('Gobelin 1').focus();
    const texts = await tokenTextContrasts(master);
    expect(texts.map(({ what }) => what)).toEqual(
      expect.arrayContaining([
        'Gobelin 1 map-token__initials',
        'Gobelin 1 map-token__name',
        'Gobelin 1 token-conditions__chip',
      ]),
    );
    expect(texts.filter(({ ratio }) => ratio < 4.5)).toEqual([]);
  }
  await master.getByRole('button', { name: 'Ajuster' }).click();

  await mjTable.token('Gobelin 1').click();
  await expectAccessible(master, master.getByRole('button', { name: 'Détails du monstre' }));
  await master.getByRole('button', { name: 'Détails du monstre' }).click();
  await expectAccessible(master, master.getByRole('dialog', { name: 'Gobelin 1' }));
  await master.keyboard.press('Escape');

  await master.getByRole('button', { name: 'Liste des pions' }).click();
  const list = master.getByRole('dialog', { name: /Pions de la carte/ });
  await expect(list.getByRole('listitem')).toHaveText([/^Gobelin 1, en [A-Z]+\d+, 7 PV sur 7/]);
  await expectAccessible(master, list);
  await master.keyboard.press('Escape');
  // The dialog gives the focus back to the button that opened it.
  await expect(master.getByRole('button', { name: 'Liste des pions' })).toBeFocused();

  const hero = await openAsHero(browser, server, party, DESKTOP);
  const heroTable = tableOf(hero);
  await heroTable.placeFromMenu({ x: 100, y: 100 }, 'Aelis');
  await expectAccessible(hero, heroTable.chat.getByText('Bienvenue à la table'));
  await heroTable.chooseAttack('Attaque simple');
  await expectAccessible(hero, hero.getByRole('region', { name: 'Attaque en cours' }));
  await hero.getByRole('button', { name: 'Annuler l’attaque' }).click();
  await hero.getByRole('button', { name: 'Son', exact: true }).click();
  await expectAccessible(hero, hero.getByRole('dialog', { name: 'Son' }));
  await hero.keyboard.press('Escape');

  // The MJ moves the goblin: the player's one live region says where, and only there.
  await master.getByRole('button', { name: 'Liste des pions' }).focus();
  await mjTable.token('Gobelin 1').dragTo(mjTable.map, { targetPosition: { x: 640, y: 340 } });
  await expect(hero.locator('.live-table__toolbar > [role="status"].visually-hidden')).toHaveText(
    /^Gobelin 1 avance en [A-Z]+\d+\.$/,
  );
  await expect(heroTable.chat.locator('[aria-live]')).toHaveCount(0);

  await besides(master, `game/replay?gameId=${party.gameId}`);
  await expectAccessible(master, master.getByRole('heading', { name: 'Rejouer la partie' }));
});
