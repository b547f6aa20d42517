import { Link } from 'react-router-dom';
import { sheetMessages as text } from './messages';
import { isSheetWindow } from './sheet-window';

/** Opened beside the table, the sheet closes to go back to it; on its own, it leads home. */
export function SheetWayOut() {
  return isSheetWindow() ? (
    <button type="button" className="secondary" onClick={() => window.close()}>
      {text.close}
    </button>
  ) : (
    <Link className="sheet__back" to="/">
      {text.back}
    </Link>
  );
}
