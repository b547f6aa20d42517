import { isChatEvent, type TableEvent } from '../../domain/table/types';
import type { ChatEntry } from '../../machines/game-chat.machine';
import { ChatLine } from '../game-chat/ChatLine';
import { replayTexts as texts } from './messages';

/** The chat lines up to the replayed point, oldest first: read, never written to. */
export function ReplayChat({ chat }: { chat: readonly TableEvent[] }) {
  const lines = chat.filter((event): event is ChatEntry => isChatEvent(event));
  return (
    <section className="replay-panel replay-chat game-chat" aria-labelledby="replay-chat">
      <h2 id="replay-chat">{texts.chat}</h2>
      {lines.length === 0 ? (
        <p className="replay-panel__empty">{texts.noChat}</p>
      ) : (
        <ol className="game-chat__lines" data-testid="replay-chat">
          {lines.map((entry) => (
            <ChatLine key={entry.seq} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}
