import { describe, expect, it } from 'vitest';
import { figuresSection, withRecorded } from '../../bench/lib/record';
import { figure } from '../../bench/lib/report';

const doc = [
  '# Benchmarks',
  '',
  '<!-- bench:table-replay -->',
  '### table-replay',
  'old figures',
  '<!-- /bench:table-replay -->',
  '',
  '<!-- bench:lighthouse -->',
  'kept',
  '<!-- /bench:lighthouse -->',
  '',
].join('\n');

describe('bench figures recorded into docs/benchmarks.md', () => {
  const figures = [
    figure('table-replay', 'fold', 850, 'ms', 420, 'events/s 118000 | copy 0.42 s'),
    figure('table-replay-inbox', 'catch-up', 15, 'ms', 8),
  ];
  const section = figuresSection('table-replay', figures, '2026-11-28');

  it('writes one table row per figure, other benches of the run named, pipes escaped', () => {
    expect(section.split('\n')).toEqual([
      '<!-- bench:table-replay -->',
      '### table-replay',
      '',
      'Recorded on 2026-11-28 by `npm run bench -- table-replay --record`.',
      '',
      '| metric | value | baseline | ratio | note |',
      '|---|---|---|---|---|',
      '| fold | 850 ms | 420 | 2.024 | events/s 118000 \\| copy 0.42 s |',
      '| table-replay-inbox: catch-up | 15 ms | 8 | 1.875 |  |',
      '<!-- /bench:table-replay -->',
    ]);
  });

  it("replaces only that bench's section", () => {
    const recorded = withRecorded(doc, 'table-replay', section);
    expect(recorded).not.toContain('old figures');
    expect(recorded).toContain(section);
    expect(recorded).toContain('<!-- bench:lighthouse -->\nkept\n<!-- /bench:lighthouse -->');
    expect(withRecorded(recorded, 'table-replay', section)).toBe(recorded);
  });

  it('adds the section at the end for a bench recorded for the first time', () => {
    const recorded = withRecorded(doc, 'cluster-soak', figuresSection('cluster-soak', [], '2026-11-28'));
    expect(recorded.startsWith(doc.trimEnd())).toBe(true);
    expect(recorded.trimEnd().endsWith('<!-- /bench:cluster-soak -->')).toBe(true);
  });
});
