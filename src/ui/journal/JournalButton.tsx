import { useState } from 'react';
import { JournalDialog } from './JournalDialog';
import { journalTexts as texts } from './messages';

/** The table toolbar's « Journal », opening the game's journal over the table. */
export function JournalButton({
  gameId,
  userId,
  isMaster,
}: {
  gameId: string;
  userId: string;
  isMaster: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {texts.open}
      </button>
      {open && (
        <JournalDialog gameId={gameId} userId={userId} isMaster={isMaster} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
