import { useState } from 'react';
import { spokenMessages } from '../../domain/table/messages';
import { tokenRoll } from '../../domain/table/spoken';
import type { MapRef, TableState } from '../../domain/table/types';
import { Dialog } from '../components/Dialog';
import { tokenListMessages as texts } from './messages';

/**
 * The map's text alternative (docs/accessibility.md): its tokens in reading order, each with its
 * cell, its health as the user's copy knows it, and how many cells it stands from the user's own
 * token. A button of the toolbar opens it in a dialog, which keeps the focus and gives it back.
 */
export function TokenList({
  table,
  map,
  own,
}: {
  table: TableState;
  map: MapRef;
  /** The user's characters: distances are counted from their tokens. */
  own: readonly string[];
}) {
  const [open, setOpen] = useState(false);
  const entries = open ? tokenRoll(table, map, own) : [];
  return (
    <>
      <button type="button" className="secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {texts.open}
      </button>
      {open && (
        <Dialog title={texts.title(map.name)} closeLabel={texts.close} onClose={() => setOpen(false)}>
          {entries.length === 0 ? (
            <p>{texts.empty}</p>
          ) : (
            <ol className="token-list">
              {entries.map((entry) => (
                <li key={entry.usableId}>
                  {entry.spoken}
                  {entry.mine
                    ? ` — ${spokenMessages.yours}`
                    : entry.away === null
                      ? ''
                      : ` — ${spokenMessages.away(entry.away)}`}
                </li>
              ))}
            </ol>
          )}
        </Dialog>
      )}
    </>
  );
}
