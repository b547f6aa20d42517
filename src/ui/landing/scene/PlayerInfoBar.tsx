import { sceneMessages } from './messages';
import './PlayerInfoBar.css';

/** Who is playing, with the up-arrow that leaves the current step; nothing while nobody is named. */
export function PlayerInfoBar(props: { playerName?: string | null; onBack?: () => void }) {
  const { playerName, onBack } = props;
  if (!playerName) return null;
  return (
    <div className="player-info-bar">
      {onBack && (
        <button
          type="button"
          className="player-info-bar__back"
          aria-label={sceneMessages.back}
          onClick={onBack}
        >
          {sceneMessages.backArrow}
        </button>
      )}
      <span className="player-info-bar__name">{playerName}</span>
    </div>
  );
}
