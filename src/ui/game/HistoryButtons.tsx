import { historyMessages } from './messages';

/** The user's undo and redo: the labels of their last action and last undone one (null: none). */
export interface HistoryControls {
  undo: string | null;
  redo: string | null;
  onChange: (direction: 'undo' | 'redo') => void;
}

/**
 * « Annuler » and « Rétablir » for whoever has a history at the table, titled with the action they
 * would take back or do again, disabled when there is none. They close the map's buttons, and on a
 * phone held sideways, where that row has no room left, they sit in the top bar instead (the
 * `className` says where): a touch screen has no Ctrl+Z. There an arrow shows each, named for a
 * screen reader as everywhere else.
 */
export function HistoryButtons({ history, className }: { history: HistoryControls; className: string }) {
  return (
    <>
      <button
        type="button"
        className={`secondary ${className}`}
        aria-label={historyMessages.undo}
        aria-keyshortcuts="Control+Z"
        title={historyMessages.undoTitle(history.undo)}
        disabled={history.undo === null}
        onClick={() => history.onChange('undo')}
      >
        <span className="history__icon" aria-hidden="true">
          ↶
        </span>
        <span className="history__label">{historyMessages.undo}</span>
      </button>
      <button
        type="button"
        className={`secondary ${className}`}
        aria-label={historyMessages.redo}
        aria-keyshortcuts="Control+Shift+Z Control+Y"
        title={historyMessages.redoTitle(history.redo)}
        disabled={history.redo === null}
        onClick={() => history.onChange('redo')}
      >
        <span className="history__icon" aria-hidden="true">
          ↷
        </span>
        <span className="history__label">{historyMessages.redo}</span>
      </button>
    </>
  );
}
