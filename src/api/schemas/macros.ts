import { z } from 'zod';

/** The macro module's texts (table.md §5 "Macros": a title and a content are needed to save one). */
export const macroMessages = {
  titleRequired: 'Veuillez indiquer un titre pour la macro.',
  contentRequired: 'Veuillez indiquer le contenu de la macro.',
  titleTooLong: 'Le titre de la macro ne peut pas dépasser 50 caractères.',
  contentTooLong: 'Le contenu de la macro ne peut pas dépasser 250 caractères.',
  notFound: 'Macro introuvable.',
  notYours: 'Vous ne pouvez gérer que vos propres macros.',
  deleted: 'Macro supprimée.',
} as const;

/** A title fits a button of the macros bar. */
export const MACRO_TITLE_MAX = 50;
/** A macro is sent as one chat line, so it obeys the chat's limit (table.md §9 "Table"). */
export const MACRO_CONTENT_MAX = 250;

/** table.md §3 "Macro": id, title, content, visible, userId. */
export const macro = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  visible: z.boolean(),
  userId: z.string(),
});
export type Macro = z.infer<typeof macro>;
export const macroList = z.array(macro);

const title = z
  .string({ error: macroMessages.titleRequired })
  .trim()
  .min(1, { error: macroMessages.titleRequired })
  .max(MACRO_TITLE_MAX, { error: macroMessages.titleTooLong });
const content = z
  .string({ error: macroMessages.contentRequired })
  .trim()
  .min(1, { error: macroMessages.contentRequired })
  .max(MACRO_CONTENT_MAX, { error: macroMessages.contentTooLong });

/** `PUT /macro/{id}`: title, content, visible (table.md §7 "Chat and macros"). */
export const updateMacroRequest = z.object({ title, content, visible: z.boolean().default(true) });
export type UpdateMacroRequest = z.input<typeof updateMacroRequest>;
/** A macro's fields as the server keeps them, after validation. */
export type MacroFields = z.output<typeof updateMacroRequest>;

/**
 * `POST /macro`: the spec's body also names the owner; the server takes the owner from the session
 * and only checks that a given `userId` is the caller's own.
 */
export const createMacroRequest = updateMacroRequest.extend({ userId: z.string().max(200).optional() });
export type CreateMacroRequest = z.input<typeof createMacroRequest>;

export const macroUserParams = z.object({ userId: z.string().min(1).max(200) });
