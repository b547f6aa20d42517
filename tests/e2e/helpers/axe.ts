import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeRun {
  /** A CSS selector of the part to check; the whole page when absent. */
  within?: string;
  /** Only these rules (axe rule ids); every rule when absent. */
  rules?: string[];
}

/**
 * axe-core's violations on the page as it stands, « rule (impact): target » each. axe is evaluated
 * through the browser's debugging protocol rather than added as a `<script>`: the page's CSP allows
 * no inline script, and the product's CSP is not loosened for a test.
 */
export async function axeViolations(page: Page, { within, rules }: AxeRun = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ within, rules }) => {
      const axe = (
        window as unknown as {
          axe: {
            run: (
              context: unknown,
              options: unknown,
            ) => Promise<{
              violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown[] }> }>;
            }>;
          };
        }
      ).axe;
      const result = await axe.run(
        within ? document.querySelector(within) : document,
        rules ? { runOnly: rules } : { resultTypes: ['violations'] },
      );
      return result.violations.flatMap(({ id, impact, nodes }) =>
        nodes.map((node) => `${id} (${impact}): ${node.target.join(' ')}`),
      );
    },
    { within, rules },
  );
}

/**
 * The sizes contrast is checked at beside the desktop's. Chromium's page zoom at 200 % lays the page
 * out in a CSS viewport of half the window's, each CSS pixel two of the screen's: a 1440 × 900
 * window zoomed so is a 720 × 450 viewport at a device scale factor of 2, which is what is emulated
 * here (a CSS `zoom` on the root would scale the boxes without the media queries that follow the
 * viewport). The phones are held upright and on their side.
 */
export const ZOOMS = [
  { name: '200 %', width: 720, height: 450, deviceScaleFactor: 2 },
  { name: '390×844', width: 390, height: 844, deviceScaleFactor: 3 },
  { name: '844×390', width: 844, height: 390, deviceScaleFactor: 3 },
] as const;

/**
 * axe's colour-contrast violations at each of `ZOOMS`, « size rule (impact): target » each, on the
 * page as it stands; the page's own viewport is given back after. The same page is resized rather
 * than one page opened per size, so the state being checked (a menu, a dialog, the chat) is there.
 */
export async function contrastAtZooms(page: Page): Promise<string[]> {
  const viewport = page.viewportSize()!;
  const session = await page.context().newCDPSession(page);
  const found: string[] = [];
  for (const { name, ...size } of ZOOMS) {
    await session.send('Emulation.setDeviceMetricsOverride', { ...size, mobile: false });
    // The layout follows the new size on the next frames (panels measure it with observers).
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    found.push(
      ...(await axeViolations(page, { rules: ['color-contrast'] })).map(
        (violation) => `${name} ${violation}`,
      ),
    );
  }
  await session.send('Emulation.clearDeviceMetricsOverride');
  await session.detach();
  await page.setViewportSize(viewport);
  return found;
}
