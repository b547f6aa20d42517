/**
 * The table's map with 1,000 tokens in headless Chromium while one of them is dragged: the
 * interval between animation frames during the drag (p95 ≤ 16.7 ms is 60 frames a second). The
 * baseline is the same page drawing the same tokens as plain absolutely positioned divs, the
 * dragged one moved through React state. The page (bench/render/) is built by Vite into a temp
 * folder and served statically; the drag is Playwright's mouse, so it goes through the browser's
 * input pipeline like a user's. The same map is then panned and wheel-zoomed through its viewport.
 * BENCH_RENDER_TOKENS makes it smaller.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { chromium, type Locator, type Page } from 'playwright-core';
import { build } from 'vite';
import { chromiumLaunchOptions } from '../tests/e2e/helpers/browser';
import { DRAGGED_ID } from './render/bench-table';
import { percentile } from './lib/load';
import { figure, print } from './lib/report';

const TOKENS = Number(process.env.BENCH_RENDER_TOKENS ?? 1000);
const STEPS = 400;
const FRAME_BUDGET_MS = 1000 / 60;
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

function serve(folder: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const asked = path.join(folder, path.normalize(new URL(request.url ?? '/', 'http://x').pathname));
    const file = asked.endsWith(path.sep) ? path.join(asked, 'index.html') : asked;
    readFile(file).then(
      (body) => {
        response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
        response.end(body);
      },
      () => {
        response.writeHead(404);
        response.end();
      },
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` }),
    ),
  );
}

/** Frame intervals while the dragged token goes 400 mouse moves down and to the right. */
async function dragFrames(page: Page, url: string): Promise<number[]> {
  await page.goto(url);
  const token = page.locator(`[data-usable-id="${DRAGGED_ID}"]`);
  const box = await token.boundingBox();
  if (!box) throw new Error(`no token ${DRAGGED_ID} on ${url}`);
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.evaluate(() => window.benchFrames.start());
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= STEPS; step++) await page.mouse.move(x + step * 1.5, y + step);
  const moved = await token.boundingBox();
  await page.mouse.up();
  const frames = await page.evaluate(() => window.benchFrames.stop());
  if (!moved || moved.x - box.x < STEPS) throw new Error(`${await whyNotMoved(token)} on ${url}`);
  return frames.sort((a, b) => a - b);
}

/**
 * On the table's map, which half of the page failed the drag: its stylesheets, or its pointer's
 * gestures (a dropped token stays held there, as no server answers the drop).
 */
async function whyNotMoved(token: Locator): Promise<string> {
  const { mapToken, position, dragging } = await token.evaluate((element) => ({
    mapToken: element.classList.contains('map-token'),
    position: getComputedStyle(element).position,
    dragging: element.classList.contains('map-token--dragging'),
  }));
  if (!mapToken) return 'the token did not follow the drag';
  if (position !== 'absolute')
    return `the token did not follow the drag: it is laid out ${position}, not on the map — the page lacks the game's stylesheets (src/ui/game/game-styles)`;
  if (!dragging)
    return 'the token did not follow the drag: the map pointer never held it — see how the page builds its pointer and its actions';
  return 'the token did not follow the drag';
}

/** Frame intervals while the map is panned (middle button, over the tokens) and then zoomed by the wheel. */
async function viewportFrames(page: Page, url: string): Promise<{ pan: number[]; zoom: number[] }> {
  await page.goto(url);
  const frame = (await page.locator('.table-map__frame').boundingBox())!;
  const board = page.locator('.table-map__board');
  const before = (await board.boundingBox())!;
  const [x, y] = [frame.x + frame.width / 2, frame.y + frame.height / 2];
  await page.evaluate(() => window.benchFrames.start());
  await page.mouse.move(x, y);
  await page.mouse.down({ button: 'middle' });
  for (let step = 1; step <= STEPS; step++) await page.mouse.move(x - step * 0.5, y - step * 0.3);
  await page.mouse.up({ button: 'middle' });
  const pan = await page.evaluate(() => window.benchFrames.stop());
  const panned = (await board.boundingBox())!;
  if (before.x - panned.x < STEPS * 0.4) throw new Error(`the map did not follow the pan on ${url}`);
  await page.evaluate(() => window.benchFrames.start());
  for (let notch = 0; notch < 60; notch++) await page.mouse.wheel(0, notch < 30 ? -60 : 60);
  const zoom = await page.evaluate(() => window.benchFrames.stop());
  return { pan: pan.sort((a, b) => a - b), zoom: zoom.sort((a, b) => a - b) };
}

function note(frames: number[], view: string): string {
  const mean = frames.reduce((sum, frame) => sum + frame, 0) / frames.length;
  const late = frames.filter((frame) => frame > FRAME_BUDGET_MS * 1.5).length;
  return `${TOKENS} tokens, ${view}: ${frames.length} frames during a ${STEPS}-move drag, ${Math.round(1000 / mean)} fps, ${late} frame(s) over 25 ms`;
}

export async function run(root: string): Promise<void> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'sr-bench-render-'));
  const browser = await chromium.launch(chromiumLaunchOptions);
  let site: { server: Server; url: string } | undefined;
  try {
    await build({
      root: path.join(root, 'bench/render'),
      base: './',
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir, emptyOutDir: true },
    });
    site = await serve(outDir);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const plain = await dragFrames(page, `${site.url}?view=plain&tokens=${TOKENS}`);
    const plainP95 = percentile(plain, 95);
    print(
      figure(
        'table-render',
        'plain-divs-frame-p95',
        plainP95,
        'ms',
        FRAME_BUDGET_MS,
        `${note(plain, 'plain divs')}; baseline = the 60 fps budget`,
      ),
    );
    const table = await dragFrames(page, `${site.url}?view=table&tokens=${TOKENS}`);
    print(
      figure(
        'table-render',
        'table-map-frame-p95',
        percentile(table, 95),
        'ms',
        plainP95,
        `${note(table, 'TableMap as the MJ sees it')}; baseline = plain divs; target ≤ ${FRAME_BUDGET_MS.toFixed(1)} ms`,
      ),
    );
    const { pan, zoom } = await viewportFrames(page, `${site.url}?view=table&tokens=${TOKENS}`);
    print(
      figure(
        'table-render',
        'table-map-pan-frame-p95',
        percentile(pan, 95),
        'ms',
        plainP95,
        `${TOKENS} tokens: ${pan.length} frames while the map is panned by ${STEPS} mouse moves; baseline = plain divs dragged; target ≤ ${FRAME_BUDGET_MS.toFixed(1)} ms`,
      ),
    );
    print(
      figure(
        'table-render',
        'table-map-zoom-frame-p95',
        percentile(zoom, 95),
        'ms',
        plainP95,
        `${TOKENS} tokens: ${zoom.length} frames while the wheel zooms in 30 notches and out 30; baseline = plain divs dragged; target ≤ ${FRAME_BUDGET_MS.toFixed(1)} ms`,
      ),
    );
  } finally {
    site?.server.close();
    await browser.close();
    await rm(outDir, { recursive: true, force: true });
  }
}
