/**
 * The journal's three-way merge (docs/decisions/0030-the-journal.md): two saves based on the same
 * version are merged line by line against that version. Edits to different lines both land; edits
 * to the same lines keep both versions, one after the other between marker lines, so nobody's text
 * is ever dropped.
 */

/** A change of one side: base lines [start, end) replaced by `lines` (an insertion when start === end). */
interface Hunk {
  start: number;
  end: number;
  lines: string[];
}

/** Past this many cells the middle of a diff is one block: coarser, so more conflicts, never a loss. */
const MAX_DIFF_CELLS = 2_000_000;

/** The changes that turn `base` into `other`, in order, separated by at least one common line. */
export function lineHunks(base: readonly string[], other: readonly string[]): Hunk[] {
  let prefix = 0;
  while (prefix < base.length && prefix < other.length && base[prefix] === other[prefix]) prefix += 1;
  let suffix = 0;
  while (
    suffix < base.length - prefix &&
    suffix < other.length - prefix &&
    base[base.length - 1 - suffix] === other[other.length - 1 - suffix]
  ) {
    suffix += 1;
  }
  const n = base.length - prefix - suffix;
  const m = other.length - prefix - suffix;
  if (n === 0 && m === 0) return [];
  if ((n + 1) * (m + 1) > MAX_DIFF_CELLS || n === 0 || m === 0) {
    return [{ start: prefix, end: prefix + n, lines: other.slice(prefix, prefix + m) }];
  }
  // Lines as numbers, so the table below compares integers rather than strings.
  const ids = new Map<string, number>();
  const idOf = (line: string) => ids.get(line) ?? ids.set(line, ids.size).get(line)!;
  const a = Int32Array.from({ length: n }, (_, i) => idOf(base[prefix + i]!));
  const b = Int32Array.from({ length: m }, (_, j) => idOf(other[prefix + j]!));
  // Longest common subsequence of the middles, filled from the end so the walk goes forwards.
  const width = m + 1;
  const lcs = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i -= 1) {
    const row = i * width;
    const below = row + width;
    const ai = a[i];
    for (let j = m - 1; j >= 0; j -= 1) {
      lcs[row + j] = ai === b[j] ? lcs[below + j + 1]! + 1 : Math.max(lcs[below + j]!, lcs[row + j + 1]!);
    }
  }
  const hunks: Hunk[] = [];
  let open: Hunk | null = null;
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      open = null;
      i += 1;
      j += 1;
      continue;
    }
    if (!open) {
      open = { start: prefix + i, end: prefix + i, lines: [] };
      hunks.push(open);
    }
    if (j >= m || (i < n && lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!)) {
      i += 1;
      open.end = prefix + i;
    } else {
      open.lines.push(other[prefix + j]!);
      j += 1;
    }
  }
  return hunks;
}

/** Whether two changes touch the same base lines (two insertions at one place do too). */
function overlap(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  if (a.start === a.end && b.start === b.end) return a.start === b.start;
  if (a.start === a.end) return b.start < a.start && a.start < b.end;
  if (b.start === b.end) return a.start < b.start && b.start < a.end;
  return Math.max(a.start, b.start) < Math.min(a.end, b.end);
}

/** The lines of base [start, end) with one side's changes inside it applied. */
function applied(base: readonly string[], start: number, end: number, hunks: readonly Hunk[]): string[] {
  const out: string[] = [];
  let at = start;
  for (const hunk of hunks) {
    out.push(...base.slice(at, hunk.start), ...hunk.lines);
    at = hunk.end;
  }
  out.push(...base.slice(at, end));
  return out;
}

/** Line by line: joined, no lines and one empty line would read the same. */
const sameLines = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((line, index) => line === b[index]);

/** Who wrote each side, as the marker lines of a conflict name them. */
export interface MergeLabels {
  ours: string;
  theirs: string;
}

/** The marker lines around the two versions of an overlapping edit, in the saved text itself. */
export const conflictMarkers = {
  first: (name: string) => `⟦ Modifié en même temps — version de ${name} ⟧`,
  second: (name: string) => `⟦ Version de ${name} ⟧`,
  end: '⟦ Fin des deux versions ⟧',
} as const;

/** Whether a line is one of the markers a conflict leaves. */
export function isConflictMarker(line: string): boolean {
  return line.startsWith('⟦ ') && line.endsWith(' ⟧');
}

export interface MergeResult {
  text: string;
  /** How many places both sides changed differently; each keeps both versions in `text`. */
  conflicts: number;
}

/**
 * Merges `ours` (what is stored now) and `theirs` (a save based on `base`). Where only one side
 * changed a place, its change is taken; where both made the same change, it is taken once; where
 * both changed the same lines differently, ours then theirs are kept between marker lines.
 */
export function mergeText(base: string, ours: string, theirs: string, labels: MergeLabels): MergeResult {
  if (ours === theirs) return { text: ours, conflicts: 0 };
  if (base === ours) return { text: theirs, conflicts: 0 };
  if (base === theirs) return { text: ours, conflicts: 0 };
  const baseLines = base.split('\n');
  const tagged = [
    ...lineHunks(baseLines, ours.split('\n')).map((hunk) => ({ ...hunk, side: 'ours' as const })),
    ...lineHunks(baseLines, theirs.split('\n')).map((hunk) => ({ ...hunk, side: 'theirs' as const })),
  ].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: string[] = [];
  let conflicts = 0;
  let at = 0;
  let next = 0;
  while (next < tagged.length) {
    const region = [tagged[next]!];
    let start = region[0]!.start;
    let end = region[0]!.end;
    next += 1;
    while (next < tagged.length && overlap(tagged[next]!, { start, end })) {
      const hunk = tagged[next]!;
      region.push(hunk);
      start = Math.min(start, hunk.start);
      end = Math.max(end, hunk.end);
      next += 1;
    }
    out.push(...baseLines.slice(at, start));
    const mine = region.filter((hunk) => hunk.side === 'ours');
    const yours = region.filter((hunk) => hunk.side === 'theirs');
    const oursText = applied(baseLines, start, end, mine);
    const theirsText = applied(baseLines, start, end, yours);
    if (mine.length === 0) out.push(...theirsText);
    else if (yours.length === 0 || sameLines(oursText, theirsText)) out.push(...oursText);
    else {
      conflicts += 1;
      out.push(
        conflictMarkers.first(labels.ours),
        ...oursText,
        conflictMarkers.second(labels.theirs),
        ...theirsText,
        conflictMarkers.end,
      );
    }
    at = end;
  }
  out.push(...baseLines.slice(at));
  return { text: out.join('\n'), conflicts };
}
