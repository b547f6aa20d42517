import { z } from 'zod';
import { MACRO_CONTENT_MAX, MACRO_TITLE_MAX, macroMessages } from '../../domain/macros';

export { macroMessages } from '../../domain/macros';

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
