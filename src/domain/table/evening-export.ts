import { eveningName, type Evening } from './evenings';
import type { Recap } from './recap';
import { CHAT_EVENT_TYPES, type ChatMessage, type TableEvent } from './types';

/**
 * An evening taken home (decision 0037): as Markdown to read — the MJ's lines, the recap, the chat
 * as the reader read it — and as JSON, the events as the reader received them. Both are made from
 * the reader's projection, so an export tells no more than their table did.
 */

export const exportTexts = {
  notes: 'Notes du MJ',
  recap: 'Résumé de la séance',
  combatants: 'Personnages et créatures',
  columns: ['Nom', 'Dégâts infligés', 'Dégâts subis', 'Victimes', 'Critiques', '1 naturels', 'Adversaires'],
  fights: 'Combats',
  noFight: 'Aucun combat.',
  fight: (map: string, rounds: number, turns: number, from: string, to: string) =>
    `${map}\u00a0: ${rounds} ${rounds > 1 ? 'rounds' : 'round'}, ${turns} ${turns > 1 ? 'tours' : 'tour'}, de ${from} à ${to}`,
  longest: ' (le plus long)',
  ongoing: ' (en cours)',
  maps: 'Cartes visitées',
  noMap: 'Aucune carte.',
  d20: 'Jets de d20',
  face: 'Face',
  count: 'Jets',
  turns: (turns: number) => `Tours joués\u00a0: ${turns}`,
  chat: 'Discussion',
  noLine: 'Aucun message.',
} as const;

const time = (iso: string, timeZone?: string) =>
  new Intl.DateTimeFormat('fr-FR', {
    hour: '2-digit',
    minute: '2-digit',
    ...(timeZone === undefined ? {} : { timeZone }),
  }).format(new Date(iso));

/** Text of the players' that Markdown must print as typed, not read as markup. */
export const markdownText = (text: string): string =>
  text.replace(/[\\`*_[\]<>#|~]/g, (sign) => `\\${sign}`).replace(/\r?\n/g, ' ');

const chatLineOf = (event: TableEvent): ChatMessage | null =>
  (CHAT_EVENT_TYPES as readonly string[]).includes(event.type) ? (event.payload as ChatMessage) : null;

function recapMarkdown(recap: Recap, timeZone?: string): string[] {
  const lines = [`## ${exportTexts.recap}`, ''];
  if (recap.combatants.length > 0) {
    lines.push(`### ${exportTexts.combatants}`, '');
    lines.push(
      `| ${exportTexts.columns.join(' | ')} |`,
      `|${exportTexts.columns.map(() => ' --- ').join('|')}|`,
    );
    for (const one of recap.combatants) {
      const cells = [
        one.name,
        one.dealt,
        one.taken,
        one.kills,
        one.crits,
        one.fumbles,
        one.opponents.join(', '),
      ];
      lines.push(`| ${cells.map((cell) => markdownText(String(cell))).join(' | ')} |`);
    }
    lines.push('');
  }
  lines.push(`### ${exportTexts.fights}`, '');
  if (recap.fights.length === 0) lines.push(exportTexts.noFight);
  recap.fights.forEach((fight, index) => {
    const said = exportTexts.fight(
      fight.map,
      fight.rounds,
      fight.turns,
      time(fight.startedAt, timeZone),
      time(fight.endedAt, timeZone),
    );
    const marks = `${index === recap.longest ? exportTexts.longest : ''}${fight.ongoing ? exportTexts.ongoing : ''}`;
    const who = fight.participants.length > 0 ? ` — ${fight.participants.join(', ')}` : '';
    lines.push(`- ${markdownText(said + marks + who)}`);
  });
  lines.push('', exportTexts.turns(recap.turns), '', `### ${exportTexts.maps}`, '');
  if (recap.maps.length === 0) lines.push(exportTexts.noMap);
  for (const map of recap.maps) lines.push(`- ${markdownText(map)}`);
  lines.push(
    '',
    `### ${exportTexts.d20}`,
    '',
    `| ${exportTexts.face} | ${exportTexts.count} |`,
    '| --- | --- |',
  );
  recap.d20Faces.forEach((count, face) => lines.push(`| ${face + 1} | ${count} |`));
  return lines;
}

/**
 * The evening as Markdown: its name, the MJ's lines, the recap, then every chat line the reader
 * read, at its time (`timeZone`: the reader's, the server's own without it).
 */
export function eveningMarkdown({
  evening,
  recap,
  notes,
  events,
  timeZone,
}: {
  evening: Evening;
  recap: Recap;
  notes: string;
  events: readonly TableEvent[];
  timeZone?: string;
}): string {
  const lines = [`# ${eveningName(evening, timeZone)}`, ''];
  if (notes.trim() !== '') {
    lines.push(`## ${exportTexts.notes}`, '', ...notes.trim().split(/\r?\n/).map(markdownText), '');
  }
  lines.push(...recapMarkdown(recap, timeZone), '', `## ${exportTexts.chat}`, '');
  const chat = events.flatMap((event) => {
    const line = chatLineOf(event);
    if (!line) return [];
    const label = line.label ? ` (${line.label})` : '';
    return [
      `- **${time(event.createdAt, timeZone)}** ${markdownText(`${line.playerName}${label}`)}\u00a0: ${markdownText(line.message)}`,
    ];
  });
  lines.push(...(chat.length > 0 ? chat : [exportTexts.noLine]), '');
  return lines.join('\n');
}

/** The evening as JSON: what it is and its events, exactly as the reader received them. */
export function eveningJson(evening: Evening, events: readonly TableEvent[]): string {
  return `${JSON.stringify({ evening, events }, null, 2)}\n`;
}

/** « seance-2026-11-28.md »: the file an export is saved under, named for the evening's date. */
export function eveningFileName(evening: Evening, extension: 'md' | 'json', timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(timeZone === undefined ? {} : { timeZone }),
  }).format(new Date(evening.startedAt));
  return `seance-${parts}.${extension}`;
}
