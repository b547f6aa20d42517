import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import type { RegisteredUser, TestServer } from '../../helpers/server';
import { openSignedInAt, servedMapPicture } from './own-server';
import { gameWithHero } from './party';

/**
 * The game table as one person sees it (table.md §2 "Game screen"), in the steps they take: place a
 * token from the map's menu, drag it, measure, zoom, speak in the chat, run the turn order, attack.
 * A spec says `tableOf(hero).placeFromMenu(…)` and reads like the player's own moves; the selectors
 * and the pointer's choreography live here once.
 */
export class Table {
  constructor(readonly page: Page) {}

  /** The map's picture and its tokens, at the map's current zoom. */
  get map(): Locator {
    return this.page.locator('.table-map__board');
  }

  /** The window the map is seen through (it does not move when the map pans or zooms). */
  get frame(): Locator {
    return this.page.locator('.table-map__frame');
  }

  get zoom(): Locator {
    return this.page.getByRole('toolbar', { name: 'Vue de la carte' });
  }

  /**
   * The MJ's tool « name » (« Grille », « Brouillard », « Murs ») in the map's row, unfolded from
   * « Outils » first where the map is too narrow for the whole row.
   */
  async tool(name: string): Promise<Locator> {
    const more = this.zoom.getByRole('button', { name: 'Outils', exact: true });
    if ((await more.isVisible()) && (await more.getAttribute('aria-expanded')) !== 'true') await more.click();
    return this.zoom.getByRole('button', { name, exact: true });
  }

  /** The ruler's label, « N cases », while a distance is measured. */
  get distance(): Locator {
    return this.page.locator('.table-map__distance');
  }

  get chat(): Locator {
    return this.page.getByRole('complementary', { name: 'Chat de la partie' });
  }

  /** The roll lines of the chat: attack rolls (criticals included) and damage. */
  get rollLines(): Locator {
    return this.chat.locator(
      '.game-chat__line--diceRoll, .game-chat__line--diceRollCriticalSuccess, .game-chat__line--diceRollCriticalFail, .game-chat__line--damageRoll',
    );
  }

  get turnOrder(): Locator {
    return this.page.getByRole('complementary', { name: 'Ordre de tour' });
  }

  /** Who plays, in order, as the panel lists them. */
  get turnNames(): Locator {
    return this.turnOrder.getByRole('listitem').locator('.turn-panel__name');
  }

  /** A token by the name it is announced with (« Aelis, … »). */
  token(name: string): Locator {
    return this.map.getByRole('button', { name: new RegExp(`^${name},`) });
  }

  /**
   * Drops a file named `name` holding `bytes` on the table, as a file dragged from the desktop
   * arrives: a DataTransfer built in the page, its dragover then its drop.
   */
  async dropFile(name: string, type: string, bytes: Buffer) {
    await this.page.getByTestId('table-drop').evaluate(
      (target, file) => {
        const data = new DataTransfer();
        const content = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
        data.items.add(new File([content], file.name, { type: file.type }));
        for (const type of ['dragover', 'drop'])
          target.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
      },
      { name, type, base64: bytes.toString('base64') },
    );
  }

  /** The MJ shows a map of the game to everyone, as the confirmation offers. */
  async bringPlayersTo(mapName: string) {
    await this.page.getByLabel('Carte', { exact: true }).selectOption({ label: mapName });
    await this.page.getByRole('button', { name: 'Oui, emmener les joueurs' }).click();
  }

  /** Right-clicks the map at `at` (pixels from the map's corner) and picks `name` to place. */
  async placeFromMenu(at: Point, name: string) {
    await this.map.click({ button: 'right', position: at });
    await this.pickToPlace(name);
  }

  /** Right-clicks the screen at `at` (the map under it) and picks `name` to place. */
  async placeAt(at: Point, name: string) {
    await this.page.mouse.click(at.x, at.y, { button: 'right' });
    await this.pickToPlace(name);
  }

  private async pickToPlace(name: string) {
    await this.page.getByRole('menu', { name: 'Ajouter un pion' }).getByRole('menuitem', { name }).click();
  }

  /** Where a token sits, in percent of the map, as its style says. */
  positionOf(name: string): Promise<{ left: string; top: string }> {
    return this.token(name).evaluate((element) => ({
      left: (element as HTMLElement).style.left,
      top: (element as HTMLElement).style.top,
    }));
  }

  /** The map's grid as drawn: one pattern of a cell. */
  get grid(): Locator {
    return this.page.getByTestId('map-grid');
  }

  /** The MJ's « Grille » panel. */
  get gridPanel(): Locator {
    return this.page.getByRole('form', { name: 'Grille de la carte' });
  }

  /** The drawn grid's cell and offsets, in the map's own pixels. */
  gridDrawn(): Promise<{ cell: number; x: number; y: number }> {
    return this.grid.locator('pattern').evaluate((pattern) => ({
      cell: Number(pattern.getAttribute('width')),
      x: Number(pattern.getAttribute('x')),
      y: Number(pattern.getAttribute('y')),
    }));
  }

  /** Screen pixels of one map cell (75 px of the 1,500 px picture) at the map's current size. */
  async cellOnScreen(): Promise<number> {
    const box = (await this.map.boundingBox())!;
    return (box.width / 1500) * 75;
  }

  /** Drags a token by its upper part `dx`, `dy` screen pixels, in two moves as a hand would. */
  /** `holding`: a key held from the middle of the drag to the drop (Alt drops off the grid). */
  async dragTokenBy(name: string, dx: number, dy: number, { holding }: { holding?: string } = {}) {
    const box = (await this.token(name).boundingBox())!;
    const start = { x: box.x + box.width / 2, y: box.y + 20 };
    await this.page.mouse.move(start.x, start.y);
    await this.page.mouse.down();
    await this.page.mouse.move(start.x + dx / 2, start.y + dy / 2, { steps: 5 });
    if (holding) await this.page.keyboard.down(holding);
    await this.page.mouse.move(start.x + dx, start.y + dy, { steps: 5 });
    await this.page.mouse.up();
    if (holding) await this.page.keyboard.up(holding);
  }

  /** Drags a token so its corner lands at `to` (screen pixels). */
  async dragTokenTo(name: string, to: Point) {
    const box = (await this.token(name).boundingBox())!;
    const grip = { x: box.x + 10, y: box.y + 10 };
    await this.page.mouse.move(grip.x, grip.y);
    await this.page.mouse.down();
    await this.page.mouse.move((grip.x + to.x + 10) / 2, (grip.y + to.y + 10) / 2, { steps: 5 });
    await this.page.mouse.move(to.x + 10, to.y + 10, { steps: 5 });
    await this.page.mouse.up();
  }

  /**
   * Alt-drags from `from` to `to` (screen pixels) and holds there, the ruler shown, until
   * `releaseRuler`: what the ruler says is read while the button is down.
   */
  async holdRuler(from: Point, to: Point) {
    await this.page.keyboard.down('Alt');
    await this.page.mouse.move(from.x, from.y);
    await this.page.mouse.down();
    await this.page.mouse.move(to.x, to.y, { steps: 4 });
  }

  async releaseRuler() {
    await this.page.mouse.up();
    await this.page.keyboard.up('Alt');
  }

  /** Maj + drag from `from` to `to` (screen pixels): the rectangle selects the tokens it holds. */
  async selectByRectangle(from: Point, to: Point) {
    await this.page.keyboard.down('Shift');
    await this.page.mouse.move(from.x, from.y);
    await this.page.mouse.down();
    await this.page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
    await this.page.mouse.move(to.x, to.y, { steps: 4 });
    await this.page.mouse.up();
    await this.page.keyboard.up('Shift');
  }

  /** Ctrl + click at `at` (screen pixels): a ping; with `bring`, Ctrl + Maj, the MJ's « bring everyone ». */
  async ping(at: Point, { bring = false } = {}) {
    const keys = bring ? ['Control', 'Shift'] : ['Control'];
    for (const key of keys) await this.page.keyboard.down(key);
    await this.page.mouse.click(at.x, at.y);
    for (const key of keys.reverse()) await this.page.keyboard.up(key);
  }

  /** The pings' rings on the map, and the others' rulers being drawn. */
  get pings(): Locator {
    return this.map.getByTestId('map-ping');
  }

  get sharedRulers(): Locator {
    return this.map.getByTestId('shared-ruler');
  }

  /** A finger's drag, as Chromium's touch input delivers it (pointer events of pointerType 'touch'). */
  async touchDrag(from: Point, to: Point, beforeLifting?: () => Promise<void>) {
    const cdp = await this.page.context().newCDPSession(this.page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: Point) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [point] : [] });
    await touch('touchStart', from);
    for (let step = 1; step <= 8; step++) {
      await touch('touchMove', {
        x: from.x + ((to.x - from.x) * step) / 8,
        y: from.y + ((to.y - from.y) * step) / 8,
      });
    }
    await beforeLifting?.();
    await touch('touchEnd');
    await cdp.detach();
  }

  async say(text: string) {
    const input = this.chat.getByLabel('Votre message');
    await input.fill(text);
    await input.press('Enter');
  }

  /**
   * Marks a condition on a token from its menu (`kind` as the menu names it, « Marque libre… » with
   * `label` for a mark; `rounds` empty for none), waits for the server's outcome and closes the menu.
   */
  async markCondition(token: string, kind: string, { rounds = '', label = '' } = {}) {
    await this.token(token).click();
    const menu = this.page.getByRole('dialog', { name: token });
    await menu.getByLabel('État', { exact: true }).selectOption({ label: kind });
    if (label) await menu.getByLabel('Marque', { exact: true }).fill(label);
    await menu.getByLabel('Durée en rounds').fill(rounds);
    await menu.getByRole('button', { name: 'Poser' }).click();
    const shown = label || kind;
    await expect(menu.getByRole('img', { name: new RegExp(`^${shown}`) })).toBeVisible();
    await menu.getByRole('button', { name: 'Fermer' }).click();
  }

  /** Opens « Attaquer » and picks the attack whose entry starts with `name`. */
  async chooseAttack(name: string) {
    await this.page.getByRole('button', { name: 'Attaquer' }).click();
    await this.page
      .getByRole('menu', { name: 'Attaques' })
      .getByRole('menuitem', { name: new RegExp(`^${name}`) })
      .click();
  }

  /**
   * Counts, from inside the page, the most attack lines it shows at once from now on. A line stays a
   * second: polls from the test, each a round trip to a busy page, can fall on either side of it.
   */
  async watchAttackLines(): Promise<() => Promise<number>> {
    await this.page.evaluate(() => {
      const watched = window as unknown as { attackLineWatch?: { observer: MutationObserver; most: number } };
      watched.attackLineWatch?.observer.disconnect();
      const watch = { observer: new MutationObserver(count), most: 0 };
      function count() {
        watch.most = Math.max(watch.most, document.querySelectorAll('[data-testid="attack-line"]').length);
      }
      watch.observer.observe(document.body, { childList: true, subtree: true });
      count();
      watched.attackLineWatch = watch;
    });
    return () =>
      this.page.evaluate(
        () => (window as unknown as { attackLineWatch: { most: number } }).attackLineWatch.most,
      );
  }
}

export interface Point {
  x: number;
  y: number;
}

export function tableOf(page: Page): Table {
  return new Table(page);
}

export function centreOf(box: { x: number; y: number; width: number; height: number }): Point {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Whether the middle of each element is its own: nothing drawn over it takes its clicks. */
export function uncovered(locator: Locator): Promise<boolean[]> {
  return locator.evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top !== null && element.contains(top);
    }),
  );
}

/**
 * The MJ gives the game a map of the test picture (20 × 13 cells of 75 px) and monsters, through
 * the API, as the game's page would.
 */
export async function furnishGame(
  server: TestServer,
  mj: RegisteredUser,
  gameId: string,
  mapName: string,
  monsters: Record<string, unknown>[],
) {
  const created = await Promise.all([
    server.api(
      'POST',
      `/game-data/${gameId}/map`,
      { name: mapName, link: servedMapPicture(server) },
      mj.token,
    ),
    ...monsters.map((monster) => server.api('POST', `/game-data/${gameId}/monster`, monster, mj.token)),
  ]);
  expect(created.map((response) => response.status)).toEqual(created.map(() => 201));
}

type HeroParty = Awaited<ReturnType<typeof gameWithHero>>;

/** The hero's player's page of their own at the table, at `viewport`. */
export const openAsHero = (
  browser: Browser,
  server: TestServer,
  { player, gameId, characterId }: Pick<HeroParty, 'player' | 'gameId' | 'characterId'>,
  viewport: { width: number; height: number },
) => openSignedInAt(browser, server, player, `/game?gameId=${gameId}&playerId=${characterId}`, viewport);

/**
 * The table's specs' common start: the MJ's game `game` with Aelis's player, furnished with the map
 * `map` and its monsters, `prepare` done (what the pages must read as they open), the MJ's page
 * and the player's open at the table at `viewport`, each in a browser context of its own, and the
 * players brought to the map.
 */
export async function tableWithHero(
  server: TestServer,
  browser: Browser,
  {
    game,
    map,
    monsters = [],
    viewport = { width: 1440, height: 900 },
    prepare,
  }: {
    game: string;
    map: string;
    monsters?: Record<string, unknown>[];
    viewport?: { width: number; height: number };
    prepare?: (party: HeroParty) => Promise<void>;
  },
) {
  const party = await gameWithHero(server, game);
  await prepare?.(party);
  await furnishGame(server, party.mj, party.gameId, map, monsters);
  const master = await openSignedInAt(browser, server, party.mj, `/game?gameId=${party.gameId}`, viewport);
  const hero = await openAsHero(browser, server, party, viewport);
  await tableOf(master).bringPlayersTo(map);
  await expect(tableOf(hero).map.getByRole('img', { name: map })).toBeVisible();
  return { ...party, master, hero };
}

/** The screen point of `at`, a point of the map in its own pixels (1,500 px wide), as now zoomed. */
export async function onScreenOf(page: Page, at: Point): Promise<Point> {
  const box = (await tableOf(page).map.boundingBox())!;
  const scale = box.width / 1500;
  return { x: box.x + at.x * scale, y: box.y + at.y * scale };
}

/**
 * The MJ's `visionChange` command, as the « Murs » panel sends it, from a socket of their own: a
 * spec draws the walls it does not mean to test by clicks at once.
 */
export async function sendVisionChange(
  server: TestServer,
  mj: RegisteredUser,
  gameId: string,
  map: string,
  change: unknown,
) {
  const socket = await server.socket(mj.token);
  try {
    expect(await socket.timeout(10_000).emitWithAck('visionChange', { gameId, map, change })).toEqual({
      ok: true,
    });
  } finally {
    socket.disconnect();
  }
}
