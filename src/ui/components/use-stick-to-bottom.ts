import { useCallback, useLayoutEffect, useRef } from 'react';

/** Within this many pixels of the bottom the reader counts as following the conversation. */
const FOLLOWING_SLACK_PX = 24;

/**
 * Keeps a scrolling list of messages at its newest line while the reader is there, and leaves
 * their place alone once they scrolled up to read back. Only the list scrolls: scrolling its last
 * line into view would also scroll the window and drag the map (or the page) along with it.
 * Lines the reader sent themselves (`ownLines`) bring them back to the bottom.
 */
export function useStickToBottom<T extends HTMLElement>(
  newLines: unknown,
  ownLines: unknown,
): { ref: React.RefObject<T | null>; onScroll: () => void } {
  const ref = useRef<T>(null);
  const following = useRef(true);

  const onScroll = useCallback(() => {
    const list = ref.current;
    if (list)
      following.current = list.scrollHeight - list.scrollTop - list.clientHeight <= FOLLOWING_SLACK_PX;
  }, []);

  useLayoutEffect(() => {
    following.current = true;
  }, [ownLines]);

  useLayoutEffect(() => {
    const list = ref.current;
    if (list && following.current) list.scrollTop = list.scrollHeight;
  }, [newLines, ownLines]);

  return { ref, onScroll };
}
