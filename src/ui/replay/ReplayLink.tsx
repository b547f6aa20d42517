import { Link } from 'react-router-dom';
import { replayAddress } from '../home/game-address';
import { replayTexts as texts } from './messages';
import './replay-link.css';

/** « Rejouer »: the way to the game's replay, from its card in the lobby or from the table. */
export function ReplayLink({ gameId, playerId }: { gameId: string; playerId: string }) {
  return (
    <Link className="replay-link" to={replayAddress({ gameId, playerId })}>
      {texts.open}
    </Link>
  );
}
