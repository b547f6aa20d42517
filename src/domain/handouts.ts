/**
 * Handouts (decision 0029): a letter, a clue or a picture the MJ prepares and shows to chosen
 * players. Shared by the server, which decides who holds one, and the table, which lists them.
 */

export const HANDOUT_TITLE_MAX = 120;
export const HANDOUT_TEXT_MAX = 20_000;

/** A handout's content: a text (paragraphs) or a stored picture of kind `handout`. */
export type HandoutContent = { text: string; fileId: null } | { text: null; fileId: string };

/** A handout as a recipient holds it: what it says and when it was shown to them (ISO 8601). */
export type ShownHandout = { id: string; title: string; shownAt: string } & HandoutContent;

/** Whom the MJ shows a handout to: every player of the game, or some of them by account. */
export type HandoutAudience = { to: 'all' } | { to: 'chosen'; userIds: string[] };

/**
 * The accounts a handout goes to among the game's players, or the ids named that are not the
 * game's players (the whole audience is then refused).
 */
export function recipientsOf(
  audience: HandoutAudience,
  players: readonly string[],
): { recipients: string[] } | { strangers: string[] } {
  if (audience.to === 'all') return { recipients: [...players] };
  const seated = new Set(players);
  const strangers = audience.userIds.filter((id) => !seated.has(id));
  if (strangers.length > 0) return { strangers };
  return { recipients: [...new Set(audience.userIds)] };
}

/** The documents as the panel lists them: the newest shown first, a handout shown again on top. */
export function newestFirst<T extends { shownAt: string }>(documents: readonly T[]): T[] {
  return documents.toSorted((a, b) => b.shownAt.localeCompare(a.shownAt));
}

/** The documents after `shown` reached them: it replaces its former copy, on top. */
export function withShown<T extends { id: string; shownAt: string }>(documents: readonly T[], shown: T): T[] {
  return newestFirst([shown, ...documents.filter((document) => document.id !== shown.id)]);
}

/** A text handout's paragraphs, as the MJ separated them by blank lines. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}
