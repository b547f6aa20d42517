import { z } from 'zod';

/**
 * `GET /config`: the few deployment settings the client needs at run time, so one build serves
 * every deployment. Public: nothing in it is a secret.
 */
export const publicConfig = z.object({
  /** Base address of the product's image bucket (table.md §5 image rule), ending with '/'. */
  imageBucketUrl: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfig>;
