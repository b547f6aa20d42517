import { describe, expect, it } from 'vitest';
import { blocksOf, spansOf } from '../../src/domain/journal/format';
import { conflictMarkers } from '../../src/domain/journal/merge';

const plain = (text: string) => ({ text, bold: false, italic: false });

describe('the journal light formatting', () => {
  it('reads bold and italic marks, and leaves an unclosed one as text', () => {
    expect(spansOf('un **dragon** et *une* fée')).toEqual([
      plain('un '),
      { text: 'dragon', bold: true, italic: false },
      plain(' et '),
      { text: 'une', bold: false, italic: true },
      plain(' fée'),
    ]);
    expect(spansOf('2 * 3 = **6')).toEqual([plain('2 * 3 = **6')]);
  });

  it('cuts headings, paragraphs, lists and conflict markers into blocks', () => {
    const text = [
      '# Séance 1',
      'Le groupe arrive',
      'au port.',
      '',
      '- une corde',
      '- *trois* torches',
      '## Suite',
      conflictMarkers.end,
      '<script>alert(1)</script>',
    ].join('\n');
    expect(blocksOf(text)).toEqual([
      { kind: 'heading', level: 1, spans: [plain('Séance 1')] },
      { kind: 'paragraph', lines: [[plain('Le groupe arrive')], [plain('au port.')]] },
      {
        kind: 'list',
        items: [[plain('une corde')], [{ text: 'trois', bold: false, italic: true }, plain(' torches')]],
      },
      { kind: 'heading', level: 2, spans: [plain('Suite')] },
      { kind: 'marker', text: conflictMarkers.end },
      { kind: 'paragraph', lines: [[plain('<script>alert(1)</script>')]] },
    ]);
  });
});
