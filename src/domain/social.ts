import { SEARCH_MIN } from './account';

/**
 * Social rules shared by the friends menu, the chat window and the server, so what the browser
 * lets through is exactly what the server accepts.
 */

/** A private message is at most this long once trimmed: a chat line, not a letter. */
export const MESSAGE_MAX = 1000;
/** platform.md §9: an unconfirmed message disappears after this. */
export const PENDING_MESSAGE_TIMEOUT_MS = 10_000;
/** platform.md §4: the same content from the same sender within this window is one message. */
export const DUPLICATE_WINDOW_MS = 2_000;
/** How many users one search answers. */
export const SEARCH_RESULTS_MAX = 20;
/** How many of the latest messages a conversation answers. */
export const CONVERSATION_MAX = 200;

export const socialRules = {
  searchTooShort: 'Tapez au moins 2 caractères pour rechercher',
  messageEmpty: 'Le message ne peut pas être vide',
  messageTooLong: `Le message ne peut pas dépasser ${MESSAGE_MAX} caractères`,
} as const;

/** The search text as sent, or null when it is too short to search (platform.md §5). */
export function searchTerm(raw: string): string | null {
  const term = raw.trim();
  return term.length >= SEARCH_MIN ? term : null;
}

/**
 * Whether a display name answers a search as the server's does: the term anywhere in it, in any
 * case. The user search leaves friends out (platform.md §5); the menu finds them in its own list.
 */
export function nameMatchesSearch(name: string, raw: string): boolean {
  const term = searchTerm(raw);
  return term !== null && name.toLocaleLowerCase('fr').includes(term.toLocaleLowerCase('fr'));
}

/** A message's content trimmed, or the French reason it cannot be sent. */
export function messageContent(raw: string): { content: string } | { error: string } {
  const content = raw.trim();
  if (content.length === 0) return { error: socialRules.messageEmpty };
  if (content.length > MESSAGE_MAX) return { error: socialRules.messageTooLong };
  return { content };
}

/** Two messages are one when they share an id, or content and sender within the duplicate window. */
interface ChatLine {
  id: string;
  content: string;
  senderId: string | null;
  createdAt: string;
}

export function isDuplicateMessage(candidate: ChatLine, existing: ChatLine): boolean {
  if (candidate.id === existing.id) return true;
  return (
    candidate.content === existing.content &&
    candidate.senderId === existing.senderId &&
    Math.abs(Date.parse(candidate.createdAt) - Date.parse(existing.createdAt)) < DUPLICATE_WINDOW_MS
  );
}
