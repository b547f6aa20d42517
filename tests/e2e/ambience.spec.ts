import { expect, test, type Page } from '@playwright/test';
import { ownServer } from './helpers/own-server';
import { tableWithHero } from './helpers/table';

const server = ownServer();

/** The MJ's « Ambiance » panel opened, `seconds` of silence uploaded and played in a loop. */
async function playUploadedSound(master: Page, seconds: number) {
  await master.getByRole('button', { name: 'Ambiance', exact: true }).click();
  const panel = master.getByRole('complementary', { name: 'Ambiance' });
  await panel.getByLabel('Ajouter un son (Ogg ou MP3)').setInputFiles({
    name: 'taverne.mp3',
    mimeType: 'audio/mpeg',
    buffer: silentMp3(seconds),
  });
  const sounds = panel.getByRole('region', { name: 'Sons de la partie' });
  await expect(sounds.getByRole('listitem')).toHaveCount(1);
  await expect(panel.getByLabel('En boucle').first()).toBeChecked();
  // Sounds are listed by date and size: the MJ names the track for the players' panel and the replay.
  await panel.getByLabel('Nom de la piste').fill('Taverne du Sanglier');
  await sounds.getByRole('button', { name: 'Jouer' }).click();
  await expect(panel.getByRole('region', { name: 'En cours' }).getByRole('listitem')).toHaveText([
    /^Taverne du Sanglier/,
  ]);
  await expect(panel.getByLabel('Nom de la piste')).toHaveValue('');
  return panel;
}

/**
 * A silent MP3 of `seconds`: MPEG-1 Layer III frames, mono, 32 kb/s at 44.1 kHz (104 bytes each,
 * 1,152 samples), whose side information is all zeros — no bits to decode, so every frame is
 * silence, yet a real stream the server sniffs as `audio/mpeg` and Chromium plays.
 */
function silentMp3(seconds: number): Buffer {
  const frames = Math.ceil((seconds * 44_100) / 1152);
  const frame = Buffer.alloc(104);
  frame.set([0xff, 0xfb, 0x10, 0xc4]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** The « Son » button of a page's toolbar. */
const soundButton = (page: Page) => page.getByRole('button', { name: 'Son', exact: true });

/** The player's own settings, opened from « Son »: the focus goes in, to the volume. */
async function openSoundPanel(page: Page) {
  await soundButton(page).click();
  const panel = page.getByRole('dialog', { name: 'Son' });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel('Mon volume')).toBeFocused();
  return panel;
}

/** The ambience's audio element of a page, as the page's own code left it. */
function element(page: Page) {
  return page.locator('#ambience-audio audio');
}

const elementState = (page: Page) =>
  element(page).evaluate((audio: HTMLAudioElement) => ({
    paused: audio.paused,
    currentTime: audio.currentTime,
    duration: audio.duration,
    volume: audio.volume,
    muted: audio.muted,
  }));

/** Whether the page's element is playing: not paused, and its time moving on. */
async function expectPlaying(page: Page) {
  await expect(element(page)).toHaveCount(1);
  const before = await elementState(page);
  await expect
    .poll(async () => {
      const now = await elementState(page);
      return !now.paused && now.currentTime !== before.currentTime;
    })
    .toBe(true);
}

test('the MJ plays a sound in a loop: the player hears it, mutes it, finds it where it is after a reload, and it stops with the MJ', async ({
  browser,
}) => {
  test.slow();
  const { master, hero } = await tableWithHero(server, browser, { game: 'La Taverne', map: 'Salle' });

  const panel = await playUploadedSound(master, 30);

  // The suite's headless Chromium lets a page play before a click; the next test asks for one.
  await expectPlaying(hero);
  expect((await elementState(hero)).volume).toBeGreaterThan(0);

  const controls = await openSoundPanel(hero);
  await expect(controls.getByLabel('Son des dés')).not.toBeChecked();
  await controls.getByRole('button', { name: 'Couper le son' }).click();
  await expect.poll(async () => (await elementState(hero)).volume).toBe(0);
  await controls.getByRole('button', { name: 'Rétablir le son' }).click();
  await expect.poll(async () => (await elementState(hero)).volume).toBeGreaterThan(0);
  await controls.getByLabel('Mon volume').press('Home');
  await expect.poll(async () => (await elementState(hero)).volume).toBe(0);
  await controls.getByLabel('Mon volume').press('End');
  await expect.poll(async () => (await elementState(hero)).volume).toBeGreaterThan(0);
  // Escape closes it and gives the focus back to « Son »; a click elsewhere closes it too.
  await hero.keyboard.press('Escape');
  await expect(controls).toBeHidden();
  await expect(soundButton(hero)).toBeFocused();
  await openSoundPanel(hero);
  await hero.locator('.live-table__map').click({ position: { x: 5, y: 5 } });
  await expect(controls).toBeHidden();

  // Some seconds in, the player reloads: their element starts where the MJ's is.
  await hero.waitForTimeout(3000);
  await hero.reload();
  await expectPlaying(hero);
  const [heard, played] = await Promise.all([elementState(hero), elementState(master)]);
  const apart = Math.abs(heard.currentTime - played.currentTime);
  expect(Math.min(apart, played.duration - apart)).toBeLessThan(1.5);

  await panel.getByRole('button', { name: 'Arrêter' }).click();
  await expect(element(hero)).toHaveCount(0);
  await expect(element(master)).toHaveCount(0);
});

/**
 * The policy of a visitor's Chromium, which the suite's headless one does not apply (it lets pages
 * play at once, and counts the sign-in's click for the tab): `play()` refused until a real click.
 */
function refusePlayBeforeAClick() {
  let clicked = false;
  document.addEventListener('click', (event) => (clicked ||= event.isTrusted), { capture: true });
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    return clicked
      ? play.call(this)
      : Promise.reject(new DOMException('play() needs a gesture', 'NotAllowedError'));
  };
}

test('a player whose browser waits for a click is offered « Activer le son », which starts the track where the table is', async ({
  browser,
}) => {
  test.slow();
  const { master, hero } = await tableWithHero(server, browser, { game: 'La Crypte', map: 'Caveau' });
  await hero.addInitScript(refusePlayBeforeAClick);
  await hero.reload();
  await expect(soundButton(hero)).toBeVisible();
  await playUploadedSound(master, 30);

  // Beside « Son », seen without opening anything.
  const unlock = hero.getByRole('button', { name: 'Activer le son' });
  await expect(unlock).toBeVisible();
  expect((await elementState(hero)).paused).toBe(true);
  await unlock.click();
  await expect(unlock).toHaveCount(0);
  await expectPlaying(hero);
  const [heard, played] = await Promise.all([elementState(hero), elementState(master)]);
  expect(Math.abs(heard.currentTime - played.currentTime)).toBeLessThan(1.5);
});

test('a player whose stream link is over asks another, and plays on where the table is', async ({
  browser,
}) => {
  test.slow();
  const { master, hero } = await tableWithHero(server, browser, { game: 'La Forge', map: 'Atelier' });
  // The first link the page is given is one the server refuses, as it refuses a link past its hour.
  const links: string[] = [];
  await hero.route('**/stream-url', async (route) => {
    const response = await route.fetch();
    const link = (await response.json()) as { url: string; expiresAt: string };
    links.push(link.url);
    if (links.length > 1) return route.fulfill({ response });
    return route.fulfill({
      response,
      json: { url: link.url.replace(/token=[^&]+/, 'token=perime'), expiresAt: new Date(0).toISOString() },
    });
  });
  const refused = hero.waitForResponse((response) => response.url().includes('token=perime'));
  await playUploadedSound(master, 30);
  expect((await refused).status()).toBe(403);
  await expectPlaying(hero);
  expect(links).toHaveLength(2);
  const [heard, played] = await Promise.all([elementState(hero), elementState(master)]);
  expect(Math.abs(heard.currentTime - played.currentTime)).toBeLessThan(1.5);
});
