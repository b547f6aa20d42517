import { useState } from 'react';
import { RecapDialog } from './RecapDialog';
import { recapTexts as texts } from './messages';

/** The table toolbar's « Résumé de la séance », opening the evenings' recaps over the table. */
export function RecapButton({ gameId }: { gameId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {texts.open}
      </button>
      {open && <RecapDialog gameId={gameId} onClose={() => setOpen(false)} />}
    </>
  );
}
