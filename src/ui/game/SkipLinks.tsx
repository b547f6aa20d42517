import type { MouseEvent } from 'react';
import { MAP_FRAME_ID } from './TableMap';
import { TURN_PANEL_ID } from './TurnOrderPanel';
import { skipMessages } from './messages';
import './skip-links.css';

/** The chat's column, which « Aller au chat » focuses. */
export const CHAT_ID = 'table-chat';

const REGIONS = [
  { id: MAP_FRAME_ID, text: skipMessages.map },
  { id: TURN_PANEL_ID, text: skipMessages.turnOrder },
  { id: CHAT_ID, text: skipMessages.chat },
] as const;

/**
 * The table's first stops for the keyboard (decision 0034): one link to each of its regions, out of
 * sight until focused. Each moves the focus itself, so the address keeps no fragment the router
 * would read.
 */
export function SkipLinks() {
  const go = (id: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    const region = document.getElementById(id);
    if (!region) return;
    event.preventDefault();
    region.focus({ preventScroll: true });
  };
  return (
    <nav className="skip-links" aria-label={skipMessages.label}>
      {REGIONS.map(({ id, text }) => (
        <a key={id} className="skip-links__link" href={`#${id}`} onClick={go(id)}>
          {text}
        </a>
      ))}
    </nav>
  );
}
