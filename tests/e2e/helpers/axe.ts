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
