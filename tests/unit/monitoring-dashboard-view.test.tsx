// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NEVER } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromEventObservable, fromPromise } from 'xstate';
import type { Anomaly } from '../../src/api/schemas/anomalies';
import type { MetricsSnapshot } from '../../src/api/schemas/monitoring';
import { anomalyListMachine, type AnomalyListing } from '../../src/machines/anomaly-list.machine';
import { anomalyStatusMachine } from '../../src/machines/anomaly-status.machine';
import {
  monitoringDashboardMachine,
  type PageVisibility,
} from '../../src/machines/monitoring-dashboard.machine';
import { MonitoringDashboard } from '../../src/ui/monitoring/MonitoringDashboard';
import { anAnomaly, aSnapshot, statsOf } from '../helpers/anomaly-fixtures';

const actors: Array<{ stop(): void }> = [];
afterEach(() => {
  cleanup();
  actors.splice(0).forEach((actor) => actor.stop());
});

interface FakeServer {
  metrics: () => Promise<MetricsSnapshot>;
  anomalies?: Anomaly[];
  /** How many the server created. */
  createAnomalies?: () => Promise<number>;
}

/** The dashboard on fake effects, with what the server was asked. */
function renderDashboard(server: FakeServer) {
  const asked = { statuses: [] as unknown[], resolutions: [] as unknown[], created: 0 };
  const listed = server.anomalies ?? [];
  const dashboard = createActor(
    monitoringDashboardMachine.provide({
      actors: {
        'load metrics': fromPromise(server.metrics),
        'reset metrics': fromPromise(async (): Promise<void> => {}),
        'create anomalies': fromPromise(async () => {
          asked.created++;
          return (server.createAnomalies ?? (async () => 0))();
        }),
        'send test anomaly': fromPromise(async (): Promise<void> => {}),
        'watch page visibility': fromEventObservable<PageVisibility, unknown>(() => NEVER),
        'anomaly list': anomalyListMachine.provide({
          actors: {
            'load anomalies': fromPromise(async (): Promise<AnomalyListing> => ({
              anomalies: listed,
              stats: statsOf(listed),
            })),
            'anomaly status': anomalyStatusMachine.provide({
              actors: {
                'save status': fromPromise(async ({ input }) => void asked.statuses.push(input)),
                'save resolution': fromPromise(async ({ input }) => void asked.resolutions.push(input)),
              },
            }),
          },
        }),
      },
    }),
  ).start();
  actors.push(dashboard);
  render(
    <main>
      <MonitoringDashboard dashboard={dashboard} />
    </main>,
  );
  return { dashboard, asked };
}

const card = (title: string) => screen.getByRole('region', { name: title });

describe('monitoring dashboard view', () => {
  it('shows the cards as the server measured them', async () => {
    renderDashboard({ metrics: async () => aSnapshot() });
    await screen.findByRole('region', { name: 'WebSocket' });
    expect(within(card('WebSocket')).getByText('Connexions actives').nextSibling?.textContent).toBe('3');
    // 7260 s of uptime, shown in minutes (table.md §9).
    expect(within(card('Système')).getByText('Disponibilité').nextSibling?.textContent).toBe('121\u00a0min');
    expect(within(card('Connexions aux parties')).getByText('La Crypte')).toBeTruthy();
    expect(within(card('Connexions aux parties')).getByText('Ana, Bo')).toBeTruthy();
    const top = within(card('Top 5 des endpoints')).getAllByRole('listitem');
    expect(top.map((item) => item.querySelector('code')?.textContent)).toEqual([
      'GET /games',
      'GET /games/:id',
      'POST /auth/login',
      'GET /friends',
      'GET /messages',
    ]);
    expect(within(card('Top 5 des endpoints en erreur')).getByText('GET /games/:id')).toBeTruthy();
    expect(within(card('Recommandations')).getByText('Ajouter un cache sur GET /games')).toBeTruthy();
    expect(within(card('Web Vitals (p75 par page)')).getByText(/^2\s?100\sms \(Bon\)$/)).toBeTruthy();
    expect(screen.getByText(/^2 processus serveur/)).toBeTruthy();
    // The charts, each with its title and its figures as a table.
    for (const title of [
      'Requêtes par minute',
      'Latence p50 / p95',
      'Sockets actives',
      'Erreurs par minute',
    ]) {
      expect(screen.getByRole('img', { name: title })).toBeTruthy();
      expect(screen.getByRole('table', { name: `${title}\u00a0: valeurs par minute` })).toBeTruthy();
    }
  });

  it('says what the table page’s LCP measures: the map picture, not the playable table', async () => {
    renderDashboard({
      metrics: async () =>
        aSnapshot({
          webVitals: [{ page: '/game', name: 'LCP', p75: 15_000, count: 6, visitors: 5, rating: 'poor' }],
        }),
    });
    const vitals = await screen.findByRole('region', { name: 'Web Vitals (p75 par page)' });
    expect(within(vitals).getByText(/l’image de la carte, qui arrive après la table jouable/)).toBeTruthy();
  });

  it('counts errors in whole numbers on the chart’s axis', async () => {
    renderDashboard({
      metrics: async () =>
        aSnapshot({
          history: [
            {
              minute: '2026-11-24T10:03:00.000Z',
              requests: 3,
              errors: 0,
              latency: { p50: 18, p95: 150 },
              activeSockets: 1,
            },
            {
              minute: '2026-11-24T10:04:00.000Z',
              requests: 4,
              errors: 1,
              latency: { p50: 20, p95: 160 },
              activeSockets: 1,
            },
          ],
        }),
    });
    const chart = await screen.findByRole('img', { name: 'Erreurs par minute' });
    const ticks = [...chart.querySelectorAll('text[text-anchor="end"]')].map((tick) => tick.textContent);
    expect(ticks).toEqual(['0', '1']);
  });

  it('shows refused connections apart from the sockets’ errors, and what each p75 rests on', async () => {
    renderDashboard({
      metrics: async () =>
        aSnapshot({
          webVitals: [
            { page: '/', name: 'LCP', p75: 2100, count: 12, visitors: 7, rating: 'good' },
            { page: '/game', name: 'INP', p75: 950, count: 27, visitors: 1, rating: 'poor' },
            { page: '/view', name: 'CLS', p75: 0.05, count: 4000, visitors: 20, rating: 'good' },
          ],
        }),
    });
    await screen.findByRole('region', { name: 'WebSocket' });
    const figure = (label: string) => within(card('WebSocket')).getByText(label).nextSibling?.textContent;
    expect(figure('Erreurs')).toBe('0');
    expect(figure('Connexions refusées')).toBe('4');

    const rows = within(card('Web Vitals (p75 par page)')).getAllByRole('row').slice(1);
    const basis = rows.map((row) => row.querySelector('.vital-basis')?.textContent);
    expect(basis).toEqual([
      '12\u00a0mesures · 7\u00a0visiteurs',
      '27\u00a0mesures · 1\u00a0visiteur · trop peu pour une alerte',
      '4\u202f000\u00a0mesures · au moins 20\u00a0visiteurs',
    ]);
  });
  it('says so when no game is played, no endpoint failed and no anomaly was found', async () => {
    const quiet = aSnapshot();
    renderDashboard({
      metrics: async () => ({
        ...quiet,
        websocket: { ...quiet.websocket, gameConnections: {} },
        api: { ...quiet.api, normalizedErrorsByEndpoint: {} },
      }),
    });
    expect(await screen.findByText('Aucune partie active')).toBeTruthy();
    expect(within(card('Top 5 des endpoints en erreur')).getByText('Aucune erreur')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Anomalies actives (0)' }));
    expect(screen.getByText('Aucune anomalie détectée')).toBeTruthy();
  });

  it("shows the 'Erreur' panel when the metrics cannot be read, and reads again on retry", async () => {
    let calls = 0;
    renderDashboard({
      metrics: async () => {
        calls++;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return aSnapshot();
      },
    });
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByRole('heading', { name: 'Erreur' })).toBeTruthy();
    expect(within(panel).getByText('Erreur lors de la récupération des métriques')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('region', { name: 'WebSocket' })).toBeTruthy();
  });

  it('announces how many anomalies were created, that none was needed, or the failure', async () => {
    let fail = false;
    let created = 2;
    renderDashboard({
      metrics: async () => aSnapshot(),
      createAnomalies: async () => {
        if (fail) throw new TypeError('Failed to fetch');
        return created;
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Créer les anomalies' }));
    expect(await screen.findByText('Anomalies créées avec succès ! (2 nouvelles)')).toBeTruthy();
    created = 0;
    await userEvent.click(screen.getByRole('button', { name: 'Créer les anomalies' }));
    expect(await screen.findByText('Aucune nouvelle anomalie à créer')).toBeTruthy();
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Créer les anomalies' }));
    expect(await screen.findByText('Erreur lors de la création des anomalies')).toBeTruthy();
  });
});

describe('monitoring dashboard view: anomalies', () => {
  const fresh = anAnomaly();
  const started = anAnomaly({ id: 'A2', title: 'Lenteur de POST /auth/login', status: 'En cours' });
  const resolved = anAnomaly({
    id: 'A3',
    title: 'Socket perdue',
    status: 'Résolue',
    resolved: true,
    resolved_at: '2026-11-24T11:00:00.000Z',
    resolution: 'Proxy corrigé',
  });

  it('brings the opened section into view', async () => {
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      renderDashboard({ metrics: async () => aSnapshot(), anomalies: [fresh] });
      await userEvent.click(await screen.findByRole('button', { name: 'Anomalies actives (1)' }));
      await waitFor(() => expect(scrolled).toHaveLength(1));
      expect(scrolled[0]?.contains(screen.getByRole('list', { name: 'Liste des anomalies' }))).toBe(true);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  async function openSection() {
    const page = renderDashboard({ metrics: async () => aSnapshot(), anomalies: [fresh, started, resolved] });
    const toggle = await screen.findByRole('button', { name: 'Anomalies actives (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    return page;
  }
  const rows = () =>
    within(screen.getByRole('list', { name: 'Liste des anomalies' })).getAllByRole('listitem');
  const titles = () => rows().map((row) => row.querySelector('strong')?.textContent);

  it('filters with the stat cards: a second click shows all again', async () => {
    await openSection();
    expect(titles()).toHaveLength(3);
    const inProgress = screen.getByRole('button', { name: /^1\s*En cours$/ });
    await userEvent.click(inProgress);
    expect(inProgress.getAttribute('aria-pressed')).toBe('true');
    expect(titles()).toEqual(['Lenteur de POST /auth/login']);
    await userEvent.click(inProgress);
    expect(titles()).toHaveLength(3);
    await userEvent.selectOptions(screen.getByLabelText('Filtrer les anomalies'), 'resolved');
    expect(titles()).toEqual(['Socket perdue']);
  });

  it('offers « Prendre en charge » on a new anomaly only, and no button at all on a resolved one', async () => {
    const { asked } = await openSection();
    const [newRow, startedRow, resolvedRow] = rows();
    expect(within(startedRow!).queryByRole('button', { name: 'Prendre en charge' })).toBeNull();
    expect(
      within(resolvedRow!)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Détails']);
    await userEvent.click(within(newRow!).getByRole('button', { name: 'Prendre en charge' }));
    await waitFor(() => expect(asked.statuses).toEqual([{ id: 'A1', status: 'En cours' }]));
  });

  it('resolves from the detail modal with the text written there', async () => {
    const { asked } = await openSection();
    await userEvent.click(screen.getByRole('button', { name: 'Détails\u00a0: Erreurs sur GET /games/:id' }));
    const dialog = screen.getByRole('dialog', { name: 'Erreurs sur GET /games/:id' });
    expect(within(dialog).getByRole('button', { name: 'Nouvelle' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Résoudre' }));
    const confirm = within(dialog).getByRole('button', { name: 'Confirmer la résolution' });
    // An empty text is refused with its reason, and nothing is sent.
    await userEvent.click(confirm);
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Écrivez ce qui a résolu l’anomalie\u00a0: une résolution vide n’est pas enregistrée.',
    );
    expect(asked.resolutions).toEqual([]);
    const text = within(dialog).getByLabelText('Texte de la résolution');
    await userEvent.type(text, 'Index ajouté');
    await waitFor(() => expect((text as HTMLTextAreaElement).value).toBe('Index ajouté'));
    // Asked again: the refusal re-drew the form, and a button kept from before may be gone.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmer la résolution' }));
    // Typed key by key, then sent through the card's actor: a loaded machine takes seconds for it.
    await waitFor(() => expect(asked.resolutions).toEqual([{ id: 'A1', resolution: 'Index ajouté' }]), {
      timeout: 10_000,
    });
  }, 20_000);

  it('resolves in one click from the list with the spec’s text', async () => {
    const { asked } = await openSection();
    await userEvent.click(within(rows()[1]!).getByRole('button', { name: 'Résolution rapide' }));
    await waitFor(() =>
      expect(asked.resolutions).toEqual([{ id: 'A2', resolution: 'Résolu automatiquement' }]),
    );
  });
});
