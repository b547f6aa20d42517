/** The one window the table opens sheets in: a second click brings the same window back. */
export const SHEET_WINDOW = 'shattered-realms-sheet';

/**
 * Whether this page is that window. Its name outlives a reload, and a window a script opened is
 * one a script may close.
 */
export const isSheetWindow = () => window.name === SHEET_WINDOW;
