import { useId } from 'react';
import type { ConnectedUser } from '../../api/schemas/games';
import { gameMessages } from './messages';

/** Who is seated at the table right now (table.md: the chat panel's connected-players bar). */
export function ConnectedPlayersBar({ players }: { players: ConnectedUser[] }) {
  const titleId = useId();
  return (
    <aside className="connected-players" aria-labelledby={titleId}>
      <h2 id={titleId}>{gameMessages.connectedPlayers}</h2>
      <ul aria-live="polite">
        {players.length === 0 ? (
          <li className="connected-players__nobody">{gameMessages.nobody}</li>
        ) : (
          players.map((player) => <li key={player.id}>{player.displayName}</li>)
        )}
      </ul>
    </aside>
  );
}
