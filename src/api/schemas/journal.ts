import { z } from 'zod';
import { JOURNAL_BODY_MAX, JOURNAL_TITLE_MAX, journalMessages } from '../../domain/journal/rules';

export { journalMessages } from '../../domain/journal/rules';

/** The wire contract of a game's journal (decision 0030). */

/** A page as the list shows it: everything but its text. */
export const journalPageSummary = z.object({
  id: z.string(),
  gameId: z.string(),
  title: z.string(),
  shared: z.boolean(),
  playersMayWrite: z.boolean(),
  /** Counts the page's saves: a save names the version it was based on. */
  version: z.number().int(),
  updatedAt: z.string(),
  /** The display name of who saved it last, null once their account is gone. */
  updatedBy: z.string().nullable(),
});
export type JournalPageSummary = z.infer<typeof journalPageSummary>;
export const journalPageList = z.array(journalPageSummary);

export const journalPage = journalPageSummary.extend({ body: z.string() });
export type JournalPage = z.infer<typeof journalPage>;

const title = z
  .string({ error: journalMessages.titleRequired })
  .trim()
  .min(1, { error: journalMessages.titleRequired })
  .max(JOURNAL_TITLE_MAX, { error: journalMessages.titleTooLong });
const body = z.string().max(JOURNAL_BODY_MAX, { error: journalMessages.bodyTooLong });

/** `POST /game-data/{gameId}/journal`: the MJ adds a page, private unless shared. */
export const createJournalPageRequest = z.object({
  title,
  body: body.default(''),
  shared: z.boolean().default(false),
  playersMayWrite: z.boolean().default(false),
});
export type CreateJournalPageRequest = z.input<typeof createJournalPageRequest>;
/** A new page's fields as the server keeps them, after validation. */
export type JournalPageFields = z.output<typeof createJournalPageRequest>;

/**
 * `PUT /journal/{id}`: a save, with the page as it was when the edit began. When another save
 * landed since, the server merges the two against that base.
 */
export const saveJournalPageRequest = z.object({
  title,
  body,
  base: z.object({
    version: z.number().int().min(1, { error: journalMessages.badVersion }),
    title: z.string().max(JOURNAL_TITLE_MAX, { error: journalMessages.titleTooLong }),
    body,
  }),
});
export type SaveJournalPageRequest = z.input<typeof saveJournalPageRequest>;
export type JournalSave = z.output<typeof saveJournalPageRequest>;

/** `PUT /journal/{id}/sharing`: the MJ shares a page or takes it back, and lets players write. */
export const journalSharingRequest = z.object({ shared: z.boolean(), playersMayWrite: z.boolean() });
export type JournalSharing = z.infer<typeof journalSharingRequest>;

/** What became of a save: stored as sent, merged with another, or merged keeping both versions. */
export const journalSaveOutcomes = ['saved', 'merged', 'conflicted'] as const;
export type JournalSaveOutcome = (typeof journalSaveOutcomes)[number];

export const journalSaveAnswer = z.object({
  page: journalPage,
  outcome: z.enum(journalSaveOutcomes),
  /** What the user is told of a merge, in French; null for a plain save. */
  message: z.string().nullable(),
});
export type JournalSaveAnswer = z.infer<typeof journalSaveAnswer>;

export const journalGameParams = z.object({ gameId: z.string().min(1).max(200) });

/**
 * Socket events: `journalPage` carries a page (`journalPage`) its readers must show as it now is,
 * `journalPageRemoved` one they must drop (deleted, or no longer shared).
 */
export const journalPageRemovedEvent = z.object({ gameId: z.string(), id: z.string() });
export type JournalPageRemoved = z.infer<typeof journalPageRemovedEvent>;
