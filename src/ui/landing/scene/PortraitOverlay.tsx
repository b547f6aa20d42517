import { sceneMessages } from './messages';
import './PortraitOverlay.css';

/**
 * Asks phone users to turn to landscape; shown by the stylesheet only on a narrow portrait screen.
 * Mounted by the game table alone: its map beside the chat needs the width, while every other page
 * (logging in, lobbies, messages, creation, admin) is laid out to work held portrait.
 */
export function PortraitOverlay() {
  return (
    <div className="portrait-overlay">
      <svg className="portrait-overlay__phone" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect x="20" y="8" width="24" height="44" rx="4" />
        <path d="M29 46h6" />
        <path className="portrait-overlay__arrow" d="M50 20a22 22 0 0 1 4 16m0 0l3-5m-3 5l-5-3" />
      </svg>
      <p className="portrait-overlay__text">{sceneMessages.rotateDevice}</p>
    </div>
  );
}
