import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failingRoute } from '../helpers/failing-route';
import {
  deployedConfig,
  deployedRules,
  promtool,
  startPrometheus,
  type RunningPrometheus,
} from '../helpers/prometheus';
import { startTestServer, type TestServer } from '../helpers/server';

const METRICS_TOKEN = 'jeton-de-collecte-des-metriques-de-test-0123456789';

interface Alert {
  labels: { alertname: string };
  state: 'pending' | 'firing';
}

/** Asks until `check` holds, as Prometheus scrapes and evaluates every second here. */
async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  between?: () => Promise<void>,
) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    const value = await read();
    if (check(value)) return value;
    await between?.();
    await new Promise((tick) => setTimeout(tick, 500));
  }
  throw new Error('Prometheus never showed what the test waited for');
}

describe('the shipped Prometheus configuration', () => {
  it('passes promtool: the rules, and the configuration as shipped and as the test runs it', () => {
    expect(promtool('check', 'rules', deployedRules)).toMatchObject({ status: 0 });
    expect(promtool('check', 'config', '--syntax-only', deployedConfig)).toMatchObject({ status: 0 });
  });
});

describe('Prometheus scraping a running server', () => {
  let server: TestServer;
  let prometheus: RunningPrometheus;

  beforeAll(async () => {
    server = await startTestServer({ env: { METRICS_TOKEN }, extraRoutes: failingRoute });
    prometheus = await startPrometheus(new URL(server.url).host, METRICS_TOKEN);
  });
  afterAll(async () => {
    await prometheus?.stop();
    await server?.close();
  });

  const alertsFiring = async () =>
    (await prometheus.api<{ alerts: Alert[] }>('alerts')).alerts
      .filter((alert) => alert.state === 'firing')
      .map((alert) => alert.labels.alertname);

  it('runs the configuration promtool accepts with its files in place', () => {
    const check = promtool('check', 'config', prometheus.configFile);
    expect(check.output).toContain('SUCCESS');
    expect(check.status).toBe(0);
  });

  it('scrapes the server with the metrics token and reads its series', async () => {
    await eventually(
      () => prometheus.value('up{job="shatteredrealms"}'),
      (up) => up === 1,
    );
    for (let call = 0; call < 12; call += 1) await server.api('GET', '/config');
    const served = await eventually(
      () => prometheus.value('sum(http_requests_total{route="/shatteredrealms/api/config",status="200"})'),
      (count) => count !== null && count >= 12,
    );
    expect(served).toBeGreaterThanOrEqual(12);
    expect(await prometheus.value('socketio_connections_active')).toBe(0);
  });

  it('loads the recording and alerting rules, healthy and quiet while the service is', async () => {
    const groups = await eventually(
      async () =>
        (
          await prometheus.api<{ groups: { name: string; rules: { name: string; health: string }[] }[] }>(
            'rules',
          )
        ).groups,
      (loaded) => loaded.flatMap((group) => group.rules).every((rule) => rule.health === 'ok'),
    );
    expect(groups.map((group) => group.name).sort()).toEqual([
      'shatteredrealms-alerts',
      'shatteredrealms-recording',
    ]);
    expect(groups.flatMap((group) => group.rules.map((rule) => rule.name))).toEqual(
      expect.arrayContaining(['ShatteredRealmsErrorBudgetBurn', 'ShatteredRealmsLatencyBurn']),
    );
    // A rate needs the counter to move between two scrapes: the calls go on while it waits.
    const ratio = await eventually(
      () => prometheus.value('shatteredrealms:errors:ratio_rate5m'),
      (value) => value !== null && !Number.isNaN(value),
      async () => void (await server.api('GET', '/config')),
    );
    expect(ratio).toBe(0);
    expect(await alertsFiring()).toEqual([]);
  });

  it('fires the error budget alert when an endpoint fails', async () => {
    const failing = async () => {
      await Promise.all(Array.from({ length: 5 }, (_, index) => server.api('GET', `/test/panne/${index}`)));
      await server.api('GET', '/config');
    };
    const firing = await eventually(
      alertsFiring,
      (names) => names.includes('ShatteredRealmsErrorBudgetBurn'),
      failing,
    );
    expect(firing).not.toContain('ShatteredRealmsLatencyBurn');
    expect(await prometheus.value('shatteredrealms:errors:ratio_rate5m')).toBeGreaterThan(0.144);
  });

  // Last: by now the server has served and failed, so every panel has a series.
  it('answers every query of the Grafana dashboard, each with a figure', async () => {
    const dashboard = JSON.parse(readFileSync('deploy/grafana/shattered-realms.json', 'utf8')) as {
      panels: { title: string; targets?: { expr: string }[] }[];
    };
    const queries = dashboard.panels.flatMap((panel) =>
      (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr })),
    );
    expect(queries.length).toBeGreaterThan(20);
    for (const { panel, expr } of queries) {
      const answer = await prometheus.api<{ result: unknown[] }>('query', { query: expr });
      expect(answer.result.length, `« ${panel} » : ${expr}`).toBeGreaterThan(0);
    }
  });
});
