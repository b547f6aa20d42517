import { z } from 'zod';

/**
 * Characters (the spec's "players") as lists show them: platform.md §3 "Character" — id, name,
 * userId, HP, soulEssence, force, agilite — plus the game they belong to and their image.
 */
export const characterSummary = z.object({
  id: z.string(),
  name: z.string(),
  userId: z.string(),
  gameId: z.string().nullable(),
  HP: z.number().int(),
  soulEssence: z.number().int(),
  force: z.number().int(),
  agilite: z.number().int(),
  assetLink: z.string().nullable(),
});
export type CharacterSummary = z.infer<typeof characterSummary>;

export const characterList = z.array(characterSummary);

export const characterIdsQuery = z.object({ ids: z.string().max(4000).optional() });
