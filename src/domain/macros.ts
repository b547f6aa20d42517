/** The macro module's texts (table.md §5 "Macros": a title and a content are needed to save one). */
export const macroMessages = {
  titleRequired: 'Veuillez indiquer un titre pour la macro.',
  contentRequired: 'Veuillez indiquer le contenu de la macro.',
  titleTooLong: 'Le titre de la macro ne peut pas dépasser 50 caractères.',
  contentTooLong: 'Le contenu de la macro ne peut pas dépasser 250 caractères.',
  notFound: 'Macro introuvable.',
  notYours: 'Vous ne pouvez gérer que vos propres macros.',
  deleted: 'Macro supprimée.',
  tooMany: 'Vous avez atteint la limite de 200 macros : supprimez-en une pour en créer une autre.',
} as const;

/** Macros a user may keep: far past a bar's worth, short of filling the database. */
export const MACROS_PER_USER = 200;

/** A title fits a button of the macros bar. */
export const MACRO_TITLE_MAX = 50;
/** A macro is sent as one chat line, so it obeys the chat's limit (table.md §9 "Table"). */
export const MACRO_CONTENT_MAX = 250;

/** The first refusal of a macro's draft (blank title, blank content, too long), null when it can be saved. */
export function macroDraftRefusal({ title, content }: { title: string; content: string }): string | null {
  if (title.trim() === '') return macroMessages.titleRequired;
  if (content.trim() === '') return macroMessages.contentRequired;
  if (title.trim().length > MACRO_TITLE_MAX) return macroMessages.titleTooLong;
  if (content.trim().length > MACRO_CONTENT_MAX) return macroMessages.contentTooLong;
  return null;
}
