import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conflictMarkers, lineHunks, mergeText } from '../../src/domain/journal/merge';

const labels = { ours: 'Alice', theirs: 'Bruno' };
const lines = (...text: string[]) => text.join('\n');

describe('the journal three-way merge', () => {
  it('takes the one side that changed', () => {
    expect(mergeText('a\nb', 'a\nb', 'a\nB', labels)).toEqual({ text: 'a\nB', conflicts: 0 });
    expect(mergeText('a\nb', 'A\nb', 'a\nb', labels)).toEqual({ text: 'A\nb', conflicts: 0 });
  });

  it('merges edits to different lines, next to each other too', () => {
    const base = lines('# Séance 1', 'Le groupe arrive.', 'Un orage éclate.', 'Fin.');
    const ours = lines('# Séance 1', 'Le groupe arrive au port.', 'Un orage éclate.', 'Fin.');
    const theirs = lines(
      '# Séance 1',
      'Le groupe arrive.',
      'Un violent orage éclate.',
      'Fin.',
      '- butin : 3 po',
    );
    expect(mergeText(base, ours, theirs, labels)).toEqual({
      text: lines(
        '# Séance 1',
        'Le groupe arrive au port.',
        'Un violent orage éclate.',
        'Fin.',
        '- butin : 3 po',
      ),
      conflicts: 0,
    });
  });

  it('keeps both versions of the same line, marked with the names', () => {
    const merged = mergeText(lines('a', 'b', 'c'), lines('a', 'B1', 'c'), lines('a', 'B2', 'c'), labels);
    expect(merged).toEqual({
      text: lines(
        'a',
        conflictMarkers.first('Alice'),
        'B1',
        conflictMarkers.second('Bruno'),
        'B2',
        conflictMarkers.end,
        'c',
      ),
      conflicts: 1,
    });
  });

  it('keeps both insertions at one place', () => {
    const merged = mergeText('a\nz', 'a\nx\nz', 'a\ny\nz', labels);
    expect(merged.conflicts).toBe(1);
    expect(merged.text.split('\n')).toEqual(expect.arrayContaining(['x', 'y']));
  });

  it('takes an identical change once', () => {
    expect(mergeText('a\nb', 'a\nc', 'a\nc', labels)).toEqual({ text: 'a\nc', conflicts: 0 });
    expect(mergeText('a\nb\nc\nd', 'a\nX\nc\nD', 'a\nX\nc\nd', labels)).toEqual({
      text: 'a\nX\nc\nD',
      conflicts: 0,
    });
  });

  it('keeps a line one side edited when the other deleted it', () => {
    const merged = mergeText('a\nb\nc', 'a\nc', 'a\nb!\nc', labels);
    expect(merged.conflicts).toBe(1);
    expect(merged.text).toContain('b!');
  });

  it('keeps an empty line one side wrote where the other deleted the line', () => {
    const merged = mergeText('a\n# t', '# t', '\n# t', labels);
    expect(merged.conflicts).toBe(1);
    expect(merged.text.split('\n').filter((line) => line === '')).toHaveLength(1);
  });

  it('turns the base into the other side by its hunks', () => {
    expect(lineHunks(['a', 'b', 'c'], ['a', 'x', 'c', 'd'])).toEqual([
      { start: 1, end: 2, lines: ['x'] },
      { start: 3, end: 3, lines: ['d'] },
    ]);
  });

  const text = fc.array(fc.constantFrom('a', 'b', 'c', 'd', '', '# t', '- x'), { maxLength: 12 });

  it('never drops a line either side wrote', () => {
    fc.assert(
      fc.property(text, text, text, (...sides) => {
        const [base, ours, theirs] = sides.map((side) => side.join('\n').split('\n')) as [
          string[],
          string[],
          string[],
        ];
        const merged = mergeText(base.join('\n'), ours.join('\n'), theirs.join('\n'), labels);
        const out = merged.text.split('\n');
        const count = (list: string[], line: string) => list.filter((x) => x === line).length;
        for (const line of new Set([...ours, ...theirs])) {
          const added = Math.max(
            count(ours, line) - count(base, line),
            count(theirs, line) - count(base, line),
          );
          expect(count(out, line)).toBeGreaterThanOrEqual(added);
        }
      }),
    );
  });

  it('merges without conflict edits of lines apart from each other', () => {
    const paragraph = fc.array(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 6, maxLength: 12 });
    fc.assert(
      fc.property(paragraph, fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (base, one, two) => {
        const plain = base.map((line, at) => `${at}:${line.replace(/\n/g, ' ')}`);
        const ours = plain.map((line, at) => (at === 1 ? `${line}${one}!` : line));
        const theirs = plain.map((line, at) => (at === plain.length - 2 ? `${line}${two}?` : line));
        const merged = mergeText(plain.join('\n'), ours.join('\n'), theirs.join('\n'), labels);
        expect(merged.conflicts).toBe(0);
        expect(merged.text).toBe(
          ours.map((line, at) => (at === plain.length - 2 ? theirs[at] : line)).join('\n'),
        );
      }),
    );
  });

  it('is the other side when one side is the base, and either when both agree', () => {
    fc.assert(
      fc.property(text, text, (base, other) => {
        const [b, o] = [base.join('\n'), other.join('\n')];
        expect(mergeText(b, b, o, labels).text).toBe(o);
        expect(mergeText(b, o, b, labels).text).toBe(o);
        expect(mergeText(b, o, o, labels).text).toBe(o);
      }),
    );
  });
});
