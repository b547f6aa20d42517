import { z } from 'zod';
import {
  HANDOUT_TEXT_MAX,
  HANDOUT_TITLE_MAX,
  type HandoutAudience,
  type ShownHandout,
} from '../../domain/handouts';

/** The wire contract of handouts (decision 0029) and the refusals' French texts. */

export const handoutMessages = {
  title: 'Donnez un titre au document.',
  titleTooLong: `Le titre d’un document tient en ${HANDOUT_TITLE_MAX} caractères.`,
  textTooLong: `Le texte d’un document tient en ${HANDOUT_TEXT_MAX.toLocaleString('fr-FR')} caractères.`,
  content: 'Un document est un texte ou une image, l’un des deux.',
  emptyText: 'Le texte du document est vide.',
  notFound: 'Document introuvable.',
  notAHandoutFile: 'Cette image n’est pas une aide de jeu de cette partie.',
  noRecipient: 'Choisissez au moins un joueur.',
  strangers: 'Seuls les joueurs de la partie peuvent recevoir un document.',
  noPlayers: 'Cette partie n’a encore aucun joueur à qui montrer un document.',
} as const;

export const handoutParams = z.object({
  gameId: z.string().min(1).max(200),
  id: z.string().min(1).max(200),
});

/** A new handout: a title, and either a text or a stored picture of kind `handout`. */
export const createHandoutRequest = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, { error: handoutMessages.title })
      .max(HANDOUT_TITLE_MAX, { error: handoutMessages.titleTooLong }),
    text: z.string().max(HANDOUT_TEXT_MAX, { error: handoutMessages.textTooLong }).optional(),
    fileId: z.string().min(1).max(200).optional(),
  })
  .refine(({ text, fileId }) => (text === undefined) !== (fileId === undefined), handoutMessages.content)
  .refine(({ text }) => text === undefined || text.trim() !== '', handoutMessages.emptyText);
export type CreateHandoutRequest = z.input<typeof createHandoutRequest>;

export const showHandoutRequest = z.discriminatedUnion(
  'to',
  [
    z.object({ to: z.literal('all') }),
    z.object({
      to: z.literal('chosen'),
      userIds: z.array(z.string().min(1).max(200)).min(1, { error: handoutMessages.noRecipient }).max(100),
    }),
  ],
  { error: handoutMessages.noRecipient },
) satisfies z.ZodType<HandoutAudience>;

/** A recipient of a handout, as the MJ's library shows them. */
export const handoutRecipient = z.object({ userId: z.string(), shownAt: z.string() });

/** A handout as its MJ reads it in their library: its content and whom it is shown to now. */
export const handoutView = z.object({
  id: z.string(),
  gameId: z.string(),
  title: z.string(),
  text: z.string().nullable(),
  fileId: z.string().nullable(),
  createdAt: z.string(),
  recipients: z.array(handoutRecipient),
});
export type HandoutView = z.infer<typeof handoutView>;

/** A player the MJ may show a handout to. */
export const handoutPlayer = z.object({ userId: z.string(), displayName: z.string() });
export type HandoutPlayer = z.infer<typeof handoutPlayer>;

/** `GET /game-data/:gameId/handouts`: the MJ's library, newest first, and the game's players. */
export const handoutLibrary = z.object({ handouts: z.array(handoutView), players: z.array(handoutPlayer) });
export type HandoutLibrary = z.infer<typeof handoutLibrary>;

export const shownHandout = z.union([
  z.object({
    id: z.string(),
    title: z.string(),
    shownAt: z.string(),
    text: z.string(),
    fileId: z.null(),
  }),
  z.object({
    id: z.string(),
    title: z.string(),
    shownAt: z.string(),
    text: z.null(),
    fileId: z.string(),
  }),
]) satisfies z.ZodType<ShownHandout>;

/** `GET /game-data/:gameId/documents`: what was shown to the caller and not taken back, newest first. */
export const shownHandouts = z.array(shownHandout);
