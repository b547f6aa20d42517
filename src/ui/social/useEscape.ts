import { useEffect, useRef } from 'react';

// The dialogs open now, the latest last: Escape closes only the topmost (the chat over the menu).
const openDialogs: Array<{ current: () => void }> = [];

function closeTopmost(event: KeyboardEvent) {
  if (event.key !== 'Escape') return;
  openDialogs.at(-1)?.current();
}

export function useEscape(onEscape: () => void): void {
  const handler = useRef(onEscape);
  useEffect(() => {
    handler.current = onEscape;
  }, [onEscape]);
  useEffect(() => {
    const entry = handler;
    if (openDialogs.length === 0) document.addEventListener('keydown', closeTopmost);
    openDialogs.push(entry);
    return () => {
      openDialogs.splice(openDialogs.indexOf(entry), 1);
      if (openDialogs.length === 0) document.removeEventListener('keydown', closeTopmost);
    };
  }, []);
}
