import { gameMessages } from './messages';

/**
 * Where the game's chat goes (table.md §2 "Chat panel"). A stand-in until the chat panel
 * (`src/ui/game-chat/GameChat.tsx`) is merged and mounted here with the same props.
 */
export function ChatSlot(_props: {
  gameId: string;
  playerId: string | null;
  role: 'mj' | 'admin' | 'player';
}) {
  return (
    <section className="chat-slot" aria-label={gameMessages.chatSlot}>
      <p>{gameMessages.chatSoon}</p>
    </section>
  );
}
