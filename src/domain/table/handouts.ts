import { newestFirst, type HandoutContent, type ShownHandout } from '../handouts';
import { dict, own, withEntry, withoutEntry, type Dict } from './records';

/**
 * Handouts on the table's log (decision 0041): what the MJ showed, to whom and when, folded into the
 * table so that a reload, a catch-up and a replay find each player's documents as the log left
 * them. A player's copy holds the handouts they hold, and nobody else's name among the holders.
 */

/** A handout's content as the log carries it: its id, its title, and its text or stored picture. */
export type LoggedHandout = { id: string; title: string } & HandoutContent;

/** A handout shown and not taken back from everyone: its content and who holds it since when (ISO 8601). */
export type HeldHandout = LoggedHandout & { holders: Dict<string> };

export type HandoutEvent =
  /** Shown to `recipients` (accounts) at `shownAt`; a player receives it only when among them, as its sole recipient. */
  | { type: 'handout.shown'; payload: { handout: LoggedHandout; recipients: string[]; shownAt: string } }
  /** Taken back from `recipients`, those who held it; a player receives it only when among them, likewise. */
  | { type: 'handout.takenBack'; payload: { handoutId: string; recipients: string[] } };

/** What the MJ's handouts service asks of the table once it has checked the MJ and the audience. */
export type HandoutCommand =
  | { type: 'handout.show'; handout: LoggedHandout; recipients: readonly string[]; at: string }
  | { type: 'handout.takeBack'; handoutId: string };

/**
 * The events of a handout command. Taking back is decided from the table itself: whoever holds it
 * there is told, and a handout nobody holds writes nothing.
 */
export function decideHandout(
  handouts: Dict<HeldHandout> | undefined,
  command: HandoutCommand,
): HandoutEvent[] {
  if (command.type === 'handout.show') {
    const recipients = [...new Set(command.recipients)];
    if (recipients.length === 0) return [];
    return [
      { type: 'handout.shown', payload: { handout: command.handout, recipients, shownAt: command.at } },
    ];
  }
  const held = own(handouts, command.handoutId);
  const recipients = held ? Object.keys(held.holders) : [];
  return recipients.length === 0
    ? []
    : [{ type: 'handout.takenBack', payload: { handoutId: command.handoutId, recipients } }];
}

/** The table's handouts after the event, or null when it takes back one the table does not hold. */
export function withHandoutEvent(
  handouts: Dict<HeldHandout> | undefined,
  event: HandoutEvent,
): Dict<HeldHandout> | null {
  if (event.type === 'handout.shown') {
    const { handout, recipients, shownAt } = event.payload;
    const holders = dict(Object.entries(own(handouts, handout.id)?.holders ?? {}));
    for (const userId of recipients) holders[userId] = shownAt;
    return withEntry(handouts, handout.id, { ...handout, holders });
  }
  const { handoutId, recipients } = event.payload;
  const held = own(handouts, handoutId);
  if (!held) return null;
  const holders = dict(Object.entries(held.holders).filter(([userId]) => !recipients.includes(userId)));
  return Object.keys(holders).length === 0
    ? withoutEntry(handouts, handoutId)
    : withEntry(handouts, handoutId, { ...held, holders });
}

/** The handouts `userId` holds, each with themselves as its only holder. */
export function handoutsHeldBy(handouts: Dict<HeldHandout> | undefined, userId: string): Dict<HeldHandout> {
  return dict(
    Object.entries(handouts ?? {}).flatMap(([id, held]) => {
      const shownAt = own(held.holders, userId);
      return shownAt === undefined ? [] : [[id, { ...held, holders: dict([[userId, shownAt]]) }] as const];
    }),
  );
}

/** A player's documents in their copy of the table, newest first. */
export function documentsOf(handouts: Dict<HeldHandout> | undefined, userId: string): ShownHandout[] {
  return newestFirst(
    Object.values(handouts ?? {}).flatMap((held): ShownHandout[] => {
      const shownAt = own(held.holders, userId);
      if (shownAt === undefined) return [];
      const { id, title } = held;
      return [
        held.fileId === null
          ? { id, title, shownAt, text: held.text, fileId: null }
          : { id, title, shownAt, text: null, fileId: held.fileId },
      ];
    }),
  );
}

/** When the handout was last shown to one of those who hold it (ISO 8601). */
export function lastShownAt(held: HeldHandout): string {
  return Object.values(held.holders).toSorted().at(-1) ?? '';
}

/** The handouts a copy of the table holds — every one for a manager, their own for a player — newest shown first. */
export function handoutsShown(handouts: Dict<HeldHandout> | undefined): HeldHandout[] {
  return Object.values(handouts ?? {}).toSorted((a, b) => lastShownAt(b).localeCompare(lastShownAt(a)));
}
