import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Within this many pixels of the bottom the reader counts as following the conversation. */
const FOLLOWING_SLACK_PX = 24;

/**
 * Keeps a scrolling list of messages at its newest line while the reader is there, and leaves
 * their place alone once they scrolled up to read back; `behind` says new lines came meanwhile,
 * and `toBottom` brings them back. Only the list scrolls: scrolling its last line into view would
 * also scroll the window and drag the map (or the page) along with it. Lines the reader sent
 * themselves (`ownLines`) bring them back to the bottom, and so does a list that changed size
 * while they followed (a phone turned, a panel folded), which would otherwise leave an old line
 * in view.
 */
export function useStickToBottom<T extends HTMLElement>(
  newLines: unknown,
  ownLines: unknown,
): { ref: (list: T | null) => void; onScroll: () => void; behind: boolean; toBottom: () => void } {
  const ref = useRef<T>(null);
  // The list comes and goes (a folded panel): it is observed whenever it is there.
  const [shown, setShown] = useState<T | null>(null);
  const attach = useCallback((list: T | null) => {
    ref.current = list;
    setShown(list);
  }, []);
  const following = useRef(true);
  const [behind, setBehind] = useState(false);

  const toBottom = useCallback(() => {
    const list = ref.current;
    following.current = true;
    setBehind(false);
    if (list) list.scrollTop = list.scrollHeight;
  }, []);

  const onScroll = useCallback(() => {
    const list = ref.current;
    if (!list) return;
    following.current = list.scrollHeight - list.scrollTop - list.clientHeight <= FOLLOWING_SLACK_PX;
    if (following.current) setBehind(false);
  }, []);

  useLayoutEffect(() => {
    following.current = true;
  }, [ownLines]);

  useLayoutEffect(() => {
    const list = ref.current;
    if (!list) return;
    if (following.current) list.scrollTop = list.scrollHeight;
    else setBehind(true);
  }, [newLines, ownLines]);

  useEffect(() => {
    if (!shown || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (following.current) shown.scrollTop = shown.scrollHeight;
    });
    observer.observe(shown);
    return () => observer.disconnect();
  }, [shown]);

  return { ref: attach, onScroll, behind, toBottom };
}
