// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { optimizationReport, performanceAnalysis, redundancyReport } from '../../src/api/schemas/monitoring';
import { performanceAnalysisMachine } from '../../src/machines/performance-analysis.machine';
import { AppActorsProvider } from '../../src/ui/app/AppActorsContext';
import MonitoringPage from '../../src/ui/monitoring/MonitoringPage';
import PerformanceAnalysisPage from '../../src/ui/monitoring/PerformanceAnalysisPage';
import { PerformanceAnalysisView } from '../../src/ui/monitoring/PerformanceAnalysisView';
import { createFakeApp } from './fake-app';

const actors: Array<{ stop(): void }> = [];
afterEach(() => {
  cleanup();
  actors.splice(0).forEach((actor) => actor.stop());
});

const at = '2026-11-24T10:05:00.000Z';
const down = () => Promise.reject(new TypeError('Failed to fetch'));

function renderAnalysis(loaders: {
  analysis?: () => Promise<unknown>;
  optimization?: () => Promise<unknown>;
  redundancies?: () => Promise<unknown>;
}) {
  const analysis = createActor(
    performanceAnalysisMachine.provide({
      actors: {
        'load analysis': fromPromise(loaders.analysis ?? down) as never,
        'load optimization': fromPromise(loaders.optimization ?? down) as never,
        'load redundancies': fromPromise(loaders.redundancies ?? down) as never,
      },
    }),
  ).start();
  actors.push(analysis);
  render(<PerformanceAnalysisView analysis={analysis} />);
}

describe('performance analysis view', () => {
  it('shows the analysis, then the optimisation score with its label', async () => {
    renderAnalysis({
      analysis: async () =>
        performanceAnalysis.parse({
          summary: { totalIssues: 1, criticalIssues: 1, recommendations: [] },
          websocket: [],
          api: [
            {
              severity: 'critical',
              type: 'high-error-rate',
              message: '12 % de 5xx',
              recommendation: 'Voir les journaux',
            },
          ],
          system: [],
          timestamp: at,
        }),
      optimization: async () =>
        optimizationReport.parse({
          optimizationScore: 64,
          priorityActions: [
            {
              priority: 'Haute',
              impact: 'Élevé',
              effort: 'Faible',
              action: 'Cacher GET /games',
              description: 'Réponses identiques',
            },
          ],
          estimatedImpact: { performance: 10, reliability: 4, userExperience: 6 },
          timestamp: at,
        }),
    });
    expect(screen.getByRole('tab', { name: 'Analyse' }).getAttribute('aria-selected')).toBe('true');
    const api = await screen.findByRole('region', { name: 'API' });
    expect(within(api).getByText('12 % de 5xx')).toBeTruthy();
    expect(within(api).getByText('Critique')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Optimisation' }));
    expect(await screen.findByText(/^64\/100\s— Bon$/)).toBeTruthy();
    expect(screen.getByText(/^Impact\s: Élevé · Effort\s: Faible$/)).toBeTruthy();
  });

  it.each([
    ['Analyse', "Erreur lors de la récupération de l'analyse"],
    ['Optimisation', 'Erreur lors de la récupération du rapport'],
    ['Redondances', 'Erreur lors de la récupération des redondances'],
  ])('says what failed on the %s tab, and retries', async (tab, text) => {
    let calls = 0;
    const failsOnce = async () => {
      calls++;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return redundancyReport.parse({ redundancies: [], timestamp: at });
    };
    renderAnalysis({
      analysis: tab === 'Analyse' ? down : undefined,
      redundancies: failsOnce,
      optimization: undefined,
    });
    await userEvent.click(screen.getByRole('tab', { name: tab }));
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText(text)).toBeTruthy();
    if (tab === 'Redondances') {
      await userEvent.click(within(panel).getByRole('button', { name: 'Réessayer' }));
      expect(await screen.findByText('Aucune redondance détectée')).toBeTruthy();
    }
  });
});

describe('monitoring pages', () => {
  it.each([
    ['/admin/monitoring', MonitoringPage],
    ['/admin/performance-analysis', PerformanceAnalysisPage],
  ])('%s sends a visitor home', async (path, Page) => {
    const app = createFakeApp();
    actors.push(app.actors);
    render(
      <AppActorsProvider actors={app.actors}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/" element={<p>Accueil</p>} />
            <Route path={path} element={<Page />} />
          </Routes>
        </MemoryRouter>
      </AppActorsProvider>,
    );
    expect(await screen.findByText('Accueil')).toBeTruthy();
  });
});
