import { isConflictMarker } from './merge';

/**
 * The journal's light formatting, read from plain text into blocks the view turns into React
 * elements: nothing in a page's text ever becomes markup of its own. Paragraphs are separated by
 * blank lines; `#`, `##`, `###` start headings; `- ` starts a list item; `**gras**` and `*italique*`
 * mark words. Anything else is text as typed.
 */

export interface Span {
  text: string;
  bold: boolean;
  italic: boolean;
}

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; spans: Span[] }
  | { kind: 'paragraph'; lines: Span[][] }
  | { kind: 'list'; items: Span[][] }
  | { kind: 'marker'; text: string };

/** The spans of one line: `**…**` bold, `*…*` italic; an unclosed mark is text. */
export function spansOf(line: string): Span[] {
  const spans: Span[] = [];
  const pattern = /\*\*(?!\s)(.+?)(?<!\s)\*\*|\*(?![\s*])([^*]+?)(?<!\s)\*/g;
  let at = 0;
  for (const match of line.matchAll(pattern)) {
    if (match.index > at) spans.push({ text: line.slice(at, match.index), bold: false, italic: false });
    if (match[1] !== undefined) spans.push({ text: match[1], bold: true, italic: false });
    else spans.push({ text: match[2]!, bold: false, italic: true });
    at = match.index + match[0].length;
  }
  if (at < line.length) spans.push({ text: line.slice(at), bold: false, italic: false });
  return spans;
}

const HEADING = /^(#{1,3})\s+(.*)$/;
const ITEM = /^\s*[-•]\s+(.*)$/;

/** The blocks of a page's text, in order. */
export function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: Span[][] | null = null;
  let list: Span[][] | null = null;
  const close = () => {
    paragraph = null;
    list = null;
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      close();
      continue;
    }
    const heading = HEADING.exec(line);
    const item = ITEM.exec(line);
    if (isConflictMarker(line)) {
      close();
      blocks.push({ kind: 'marker', text: line });
    } else if (heading) {
      close();
      blocks.push({ kind: 'heading', level: heading[1]!.length as 1 | 2 | 3, spans: spansOf(heading[2]!) });
    } else if (item) {
      if (!list) {
        close();
        list = [];
        blocks.push({ kind: 'list', items: list });
      }
      list.push(spansOf(item[1]!));
    } else {
      if (!paragraph) {
        close();
        paragraph = [];
        blocks.push({ kind: 'paragraph', lines: paragraph });
      }
      paragraph.push(spansOf(line));
    }
  }
  return blocks;
}
