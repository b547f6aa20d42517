import { expect, test, type Page } from '@playwright/test';
import { FAILING_ENDPOINT, failingRoute } from '../helpers/failing-route';
import type { RegisteredUser } from '../helpers/server';
import { makeAdmin, openSignedIn, ownServer } from './helpers/own-server';

const server = ownServer({ extraRoutes: failingRoute });
let admin: RegisteredUser;
test.beforeAll(async () => {
  admin = await makeAdmin(server, await server.register());
});

const row = (page: Page, endpoint: string) =>
  page.getByRole('list', { name: 'Liste des anomalies' }).getByRole('listitem').filter({ hasText: endpoint });

test('an admin watches the service, sees an anomaly open for a failing endpoint and works anomalies to Résolue', async ({
  page,
}) => {
  // Traffic and a failing endpoint: 12 real 500s, above the Haute threshold.
  for (let i = 0; i < 12; i += 1) await server.api('GET', `/test/panne/${i}`, undefined, admin.token);
  await server.api('GET', '/auth/verify', undefined, admin.token);

  await openSignedIn(page, server, admin, '/admin/monitoring');
  await expect(page.getByRole('heading', { name: 'Monitoring', level: 1 })).toBeVisible();
  for (const card of ['WebSocket', 'API', 'Système', 'Top 5 des endpoints en erreur']) {
    await expect(page.getByRole('region', { name: card })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Top 5 des endpoints en erreur' })).toContainText(
    FAILING_ENDPOINT,
  );
  // The charts are drawn from the server's minutes.
  await expect(page.locator('.minute-chart__line circle').first()).toBeVisible();

  // One second after the metrics, the page asks the server to open what is missing.
  const toggle = page.getByRole('button', { name: /^Anomalies actives \(\d+\)$/ });
  await expect(toggle).toHaveText('Anomalies actives (1)');
  await toggle.click();
  const failing = row(page, FAILING_ENDPOINT);
  await expect(failing).toContainText('Haute');
  await expect(failing).toContainText('12 erreurs');

  await page.getByRole('button', { name: 'Anomalie de test' }).click();
  await expect(toggle).toHaveText('Anomalies actives (2)');
  const testAnomaly = row(page, '(test)');
  await expect(testAnomaly).toContainText('Nouvelle');

  // From the list: En cours.
  await failing.getByRole('button', { name: 'Prendre en charge' }).click();
  await expect(failing).toContainText('En cours');
  await expect(failing.getByRole('button', { name: 'Prendre en charge' })).toHaveCount(0);

  // From the detail: resolved with a text; its buttons go.
  await testAnomaly.getByRole('button', { name: /^Détails/ }).click();
  const detail = page.getByRole('dialog');
  await detail.getByRole('button', { name: 'Résoudre' }).click();
  await detail.getByLabel('Texte de la résolution').fill('Fausse alerte : anomalie de démonstration.');
  await detail.getByRole('button', { name: 'Confirmer la résolution' }).click();
  await expect(detail).toContainText('Fausse alerte : anomalie de démonstration.');
  await expect(detail.getByRole('button', { name: 'Résoudre' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveText('Anomalies actives (1)');

  // A stat card toggles its filter.
  const resolvedCard = page.locator('.anomaly-stat').filter({ hasText: 'Résolues' });
  await resolvedCard.click();
  await expect(resolvedCard).toHaveAttribute('aria-pressed', 'true');
  await expect(row(page, '(test)')).toBeVisible();
  await expect(row(page, FAILING_ENDPOINT)).toHaveCount(0);
  await resolvedCard.click();
  await expect(row(page, FAILING_ENDPOINT)).toBeVisible();

  // The failing endpoint has its anomaly already: the creation opens none and says so.
  await page.getByRole('button', { name: 'Créer les anomalies' }).click();
  await expect(page.getByText('Aucune nouvelle anomalie à créer')).toBeVisible();
});

test('the performance analysis reads the real traffic in three tabs', async ({ page }) => {
  for (let i = 0; i < 3; i += 1) await server.api('GET', '/auth/verify', undefined, admin.token);
  await openSignedIn(page, server, admin, '/admin/performance-analysis');
  await expect(page.getByRole('heading', { name: 'Analyse des performances' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Résumé' })).toContainText('Problèmes détectés');

  await page.getByRole('tab', { name: 'Optimisation' }).click();
  await expect(page.getByRole('region', { name: 'Score d’optimisation' })).toContainText(
    /\d+\/100\s— (Excellent|Bon|Moyen|À améliorer)/,
  );
  await page.getByRole('tab', { name: 'Redondances' }).click();
  await expect(page.getByRole('tabpanel')).toContainText(/GET \/auth\/verify|Aucune redondance détectée/);
});

test('a player is turned away from the operators’ pages', async ({ page }) => {
  const player = await server.register();
  await openSignedIn(page, server, player, '/admin/monitoring');
  await expect(page).toHaveURL(/\/shatteredrealms\/?$/);
  await page.goto(`${server.url}/shatteredrealms/admin/performance-analysis`);
  await expect(page).toHaveURL(/\/shatteredrealms\/?$/);
});
