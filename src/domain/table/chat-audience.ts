/**
 * Whispers and rolls out of sight (docs/decisions/0021-whispers-and-secret-rolls.md): whom a
 * `/w` names, and the texts that stand for a roll its reader may not see.
 */

/** French texts of whispers and hidden rolls. */
export const chatAudienceMessages = {
  /** What a reader who may not see a roll reads in its place (issue « jet secret »). */
  secretRoll: 'jet secret',
  /** What the roller of a blind roll reads: they rolled, the MJ alone knows what. */
  blindRoll: 'jet à l’aveugle (seul le MJ voit le résultat)',
  unknownRecipient: (name: string) =>
    `Personne ne s’appelle «\u00a0${name}\u00a0» dans cette partie\u00a0: murmurez à un personnage ou au MJ (/w MJ message).`,
  ambiguousRecipient: (name: string) =>
    `Plusieurs personnages s’appellent «\u00a0${name}\u00a0»\u00a0: impossible de savoir à qui murmurer.`,
  whisperFormat:
    'Format d’un murmure\u00a0: /w Nom message (un nom composé entre guillemets\u00a0: /w "Nom composé" message).',
} as const;

/** Whom a whisper may name: a character of the game, or the MJ (`characterId` null). */
export interface WhisperRecipient {
  name: string;
  characterId: string | null;
}

/** The MJ, whom everyone reaches as « MJ »: their display name is an account's, not the table's. */
export const MASTER_RECIPIENT: WhisperRecipient = { name: 'MJ', characterId: null };

/** Names compare as players type them: without case or accents (« elodie » is « Élodie »). */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('fr');
}

const quotes: Record<string, string> = { '"': '"', '«': '»', '“': '”' };

/** The name as typed and the words after it: a quoted name, else the longest known name it begins with. */
function split(
  rest: string,
  known: readonly WhisperRecipient[],
): { name: string; text: string } | 'format' | { unknown: string } {
  const close = quotes[rest[0] ?? ''];
  if (close !== undefined) {
    const end = rest.indexOf(close, 1);
    if (end < 0) return 'format';
    return { name: rest.slice(1, end).trim(), text: rest.slice(end + 1).trim() };
  }
  const typed = folded(rest);
  let best: string | null = null;
  for (const { name } of known) {
    const candidate = folded(name);
    const follows = typed[candidate.length];
    if (
      typed.startsWith(candidate) &&
      (follows === undefined || /\s/.test(follows)) &&
      candidate.length > (best?.length ?? 0)
    ) {
      best = rest.slice(0, name.length);
    }
  }
  if (best === null) {
    const word = rest.split(/\s/, 1)[0] ?? '';
    return word === '' ? 'format' : { unknown: word };
  }
  return { name: best, text: rest.slice(best.length).trim() };
}

/**
 * Whom `/w {rest}` reaches among the game's characters and the MJ, and what it says; a French
 * refusal for an unknown name, a name several characters bear, or a whisper without words.
 */
export function resolveWhisper(
  rest: string,
  characters: readonly WhisperRecipient[],
): { to: WhisperRecipient; text: string } | { refusal: string } {
  const known = [MASTER_RECIPIENT, ...characters];
  const parts = split(rest.normalize('NFC').trim(), known);
  if (parts === 'format') return { refusal: chatAudienceMessages.whisperFormat };
  if ('unknown' in parts) return { refusal: chatAudienceMessages.unknownRecipient(parts.unknown) };
  const named = known.filter((recipient) => folded(recipient.name) === folded(parts.name));
  const [to] = named;
  if (!to) return { refusal: chatAudienceMessages.unknownRecipient(parts.name) };
  if (named.length > 1) return { refusal: chatAudienceMessages.ambiguousRecipient(parts.name) };
  if (parts.text === '') return { refusal: chatAudienceMessages.whisperFormat };
  return { to, text: parts.text };
}

const whisperBegun = /^(\/(?:w|whisper)\s+)([\s\S]*)$/i;

/**
 * The name begun after `/w` as it is typed — composed names included, and after an opening quote —
 * or null when the draft is no whisper or its name is already closed by a quote.
 */
export function whisperNameQuery(draft: string): string | null {
  const rest = whisperBegun.exec(draft)?.[2];
  if (rest === undefined) return null;
  const close = quotes[rest[0] ?? ''];
  if (close === undefined) return rest;
  return rest.includes(close, 1) ? null : rest.slice(1).trimStart();
}

const byName = new Intl.Collator('fr', { sensitivity: 'base' });

/**
 * The names a whisper may be completed with: « MJ » and the game's characters whose name begins
 * as `query` does, without case or accents, in the order of the alphabet; a name two characters
 * bear is left out, since the server refuses it.
 */
export function whisperNamesOffered(query: string, characterNames: readonly string[]): string[] {
  const typed = folded(query.normalize('NFC'));
  const borne = new Map<string, number>();
  for (const name of characterNames) borne.set(folded(name), (borne.get(folded(name)) ?? 0) + 1);
  const characters = characterNames
    .filter((name) => borne.get(folded(name)) === 1 && folded(name) !== folded(MASTER_RECIPIENT.name))
    .toSorted(byName.compare);
  return [MASTER_RECIPIENT.name, ...characters].filter((name) => folded(name).startsWith(typed));
}

/** The draft with its name completed as the parser reads it: quoted when it holds a space. */
export function completedWhisper(draft: string, name: string): string {
  const command = whisperBegun.exec(draft)?.[1] ?? '/w ';
  return `${command}${/\s/.test(name) ? `"${name}"` : name} `;
}
