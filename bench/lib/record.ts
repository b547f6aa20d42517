/**
 * `npm run bench -- … --record`: the run's figures as one Markdown table per bench in
 * docs/benchmarks.md, in place of that bench's table. The doc shows the latest recorded run only;
 * the runs before it are in git, so nobody reads a figure of code that no longer exists.
 */
import type { Figure } from './report';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/** The bench's section, between the markers `withRecorded` finds again at the next run. */
export function figuresSection(bench: string, figures: readonly Figure[], date: string): string {
  const rows = figures.map(
    (f) =>
      `| ${cell(f.bench === bench ? f.metric : `${f.bench}: ${f.metric}`)} | ${f.value} ${cell(f.unit)} | ` +
      `${f.baseline} | ${f.ratio} | ${cell(f.note ?? '')} |`,
  );
  return [
    `<!-- bench:${bench} -->`,
    `### ${bench}`,
    '',
    `Recorded on ${date} by \`npm run bench -- ${bench} --record\`.`,
    '',
    '| metric | value | baseline | ratio | note |',
    '|---|---|---|---|---|',
    ...rows,
    `<!-- /bench:${bench} -->`,
  ].join('\n');
}

/** `doc` with the bench's section replaced, or added at its end when it has none yet. */
export function withRecorded(doc: string, bench: string, section: string): string {
  const start = doc.indexOf(`<!-- bench:${bench} -->`);
  const endMarker = `<!-- /bench:${bench} -->`;
  const end = doc.indexOf(endMarker, start);
  if (start === -1 || end === -1) return `${doc.trimEnd()}\n\n${section}\n`;
  return doc.slice(0, start) + section + doc.slice(end + endMarker.length);
}
