import { useCallback, useEffect, useState } from 'react';

/** Less than this many pixels hidden at an edge counts as nothing hidden (sub-pixel widths). */
const EDGE_SLACK_PX = 2;

export interface ScrollEdges {
  /** Something is hidden before the start of the row, and after its end. */
  before: boolean;
  after: boolean;
}

const none: ScrollEdges = { before: false, after: false };

function edgesOf(row: HTMLElement): ScrollEdges {
  const hidden = row.scrollWidth - row.clientWidth;
  if (hidden <= EDGE_SLACK_PX) return none;
  // A right-to-left row scrolls to negative offsets: its distance from the start is the same.
  const from = Math.abs(row.scrollLeft);
  return { before: from > EDGE_SLACK_PX, after: hidden - from > EDGE_SLACK_PX };
}

/**
 * Which ends of a row that scrolls sideways hide something, kept up to date as it scrolls, is
 * resized, or its content changes; and a way to bring the next part into view, most of a row's
 * width at a time, so the item at the edge stays in view to keep one's place.
 */
export function useScrollEdges<T extends HTMLElement>(): {
  ref: (row: T | null) => void;
  edges: ScrollEdges;
  scroll: (direction: -1 | 1) => void;
} {
  const [row, setRow] = useState<T | null>(null);
  const [edges, setEdges] = useState<ScrollEdges>(none);

  useEffect(() => {
    if (!row) return;
    const measure = () =>
      setEdges((previous) => {
        const next = edgesOf(row);
        return next.before === previous.before && next.after === previous.after ? previous : next;
      });
    measure();
    row.addEventListener('scroll', measure, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resized?.observe(row);
    const changed = typeof MutationObserver === 'undefined' ? null : new MutationObserver(measure);
    changed?.observe(row, { childList: true, subtree: true, characterData: true });
    return () => {
      row.removeEventListener('scroll', measure);
      resized?.disconnect();
      changed?.disconnect();
    };
  }, [row]);

  const scroll = useCallback(
    (direction: -1 | 1) => {
      if (!row) return;
      const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
      row.scrollBy({ left: direction * row.clientWidth * 0.8, behavior: still ? 'auto' : 'smooth' });
    },
    [row],
  );

  return { ref: setRow, edges, scroll };
}
