import { describe, expect, it } from 'vitest';
import { DEFAULT_BURN_RATE_POLICY, detectBurn } from '../../src/domain/monitoring/burn-rate';
import { timeline, type Pace } from '../helpers/metrics-history';

/** 03:00:30, half-way through the history's last minute. */
const NOW = Date.parse('2026-03-14T03:00:30.000Z');
const MINUTE = 60_000;

const healthy: Pace = { requests: 100, errors: 0, p95: 80 };
const history = (...stretches: [number, Pace][]) => timeline(NOW, ...stretches);

describe('multiwindow burn rate (5 min and 60 min)', () => {
  it('stays quiet on a steady, healthy service, and reads each window’s figures', () => {
    const verdict = detectBurn(history([90, { requests: 100, errors: 1, p95: 80 }]), NOW);
    expect(verdict).toMatchObject({ firing: false, errors: false, latency: false });
    expect(verdict.short).toEqual({ minutes: 5, requests: 500, errors: 5, errorRatio: 0.01, p95: 80 });
    expect(verdict.long).toMatchObject({ minutes: 60, requests: 6000, errors: 60 });
  });

  it('does not fire on a two-minute burst of errors: the long window has not burnt', () => {
    const verdict = detectBurn(history([58, healthy], [2, { requests: 100, errors: 60, p95: 80 }]), NOW);
    expect(verdict.short.errorRatio).toBeGreaterThan(0.144);
    expect(verdict.long.errorRatio).toBeLessThan(0.144);
    expect(verdict.firing).toBe(false);
  });

  it('does not fire on a brief latency spike either', () => {
    const verdict = detectBurn(history([58, healthy], [2, { requests: 100, errors: 0, p95: 5000 }]), NOW);
    expect(verdict.short.p95).toBeGreaterThan(1000);
    expect(verdict.firing).toBe(false);
  });

  it('fires on a sustained failure, and says it is the errors', () => {
    const verdict = detectBurn(history([45, healthy], [15, { requests: 100, errors: 70, p95: 90 }]), NOW);
    expect(verdict).toMatchObject({ firing: true, errors: true, latency: false });
    expect(verdict.long.errors).toBe(1050);
  });

  it('fires on a sustained slowness, and says it is the latency', () => {
    const verdict = detectBurn(history([60, { requests: 50, errors: 0, p95: 1800 }]), NOW);
    expect(verdict).toMatchObject({ firing: true, errors: false, latency: true });
  });

  it('stops firing once the service recovers, although the long window remembers the failure', () => {
    const failing: Pace = { requests: 100, errors: 100, p95: 3000 };
    expect(detectBurn(history([20, healthy], [40, failing]), NOW).firing).toBe(true);
    const recovered = detectBurn(history([15, healthy], [40, failing], [5, healthy]), NOW);
    expect(recovered.long.errorRatio).toBeGreaterThan(0.144);
    expect(recovered).toMatchObject({ firing: false, errors: false, latency: false });
  });

  it('says nothing below the minimum traffic: one failed call in a quiet night is no outage', () => {
    const verdict = detectBurn(
      history([60, { requests: 0, errors: 0, p95: null }], [1, { requests: 2, errors: 2, p95: 4000 }]),
      NOW,
    );
    expect(verdict.short).toMatchObject({ requests: 2, errorRatio: 1 });
    expect(verdict.firing).toBe(false);
  });

  it('ignores minutes outside the windows and reads the history in any order', () => {
    const old = history([60, { requests: 100, errors: 100, p95: 9000 }], [61, healthy]);
    expect(detectBurn(old, NOW).firing).toBe(false);
    const future = { ...old[0]!, minute: new Date(NOW + 5 * MINUTE).toISOString() };
    const shuffled = [...history([30, healthy], [30, { requests: 100, errors: 50, p95: 80 }])].reverse();
    expect(detectBurn([future, ...shuffled], NOW)).toMatchObject({ firing: true, errors: true });
  });

  it('takes its thresholds from the policy', () => {
    const mild = history([60, { requests: 100, errors: 5, p95: 300 }]);
    expect(detectBurn(mild, NOW).firing).toBe(false);
    expect(detectBurn(mild, NOW, { ...DEFAULT_BURN_RATE_POLICY, burnRate: 2 }).errors).toBe(true);
    expect(detectBurn(mild, NOW, { ...DEFAULT_BURN_RATE_POLICY, latencyP95Ms: 250 }).latency).toBe(true);
  });
});
