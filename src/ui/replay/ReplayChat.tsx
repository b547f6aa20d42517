import { isChatEvent, type TableEvent } from '../../domain/table/types';
import type { ChatEntry } from '../../machines/game-chat.machine';
import { ChatLine } from '../game-chat/ChatLine';
import { replayTexts as texts } from './messages';
import { ReplayPanel } from './ReplayPanel';

/** The chat lines up to the replayed point, oldest first: read, never written to. */
export function ReplayChat({ chat }: { chat: readonly TableEvent[] }) {
  const lines = chat.filter((event): event is ChatEntry => isChatEvent(event));
  return (
    <ReplayPanel
      id="replay-chat"
      title={texts.chat}
      className="replay-chat game-chat"
      empty={lines.length === 0 ? texts.noChat : null}
    >
      <ol className="game-chat__lines" data-testid="replay-chat">
        {lines.map((entry) => (
          <ChatLine key={entry.seq} entry={entry} />
        ))}
      </ol>
    </ReplayPanel>
  );
}
