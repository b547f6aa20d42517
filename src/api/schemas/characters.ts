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

const int = z.number().int();
const skillPoints = z.record(z.string().max(40), int);

/**
 * A whole character as its sheet shows it (table.md §3 "Player (character)"): the summary plus
 * every statistic, the combat capacities and the points allocated to each skill. Bonuses of
 * equipped memories are not in it: the sheet adds them (src/domain/character/equipment.ts).
 */
export const characterSheet = characterSummary.extend({
  endurance: int,
  eloquence: int,
  sagesse: int,
  instinct: int,
  autre: int,
  defense: int,
  deplacement: int,
  inspiration: int,
  divineGift: int,
  soulCore: int,
  credits: int,
  rune: int,
  aspect: int,
  forceWeapon: int,
  agilityWeapon: int,
  perceptionWeapon: int,
  skills: skillPoints,
});
export type CharacterSheet = z.infer<typeof characterSheet>;

/**
 * `POST /players`: the choices and the numbers the page derived from them. The server recomputes
 * every one (src/domain/character/creation.ts) and refuses a sheet the rules do not give; fields
 * the page never sends (soul core, credits…) are refused rather than ignored.
 */
export const createCharacterRequest = z.strictObject({
  gameId: z.string().min(1).max(64).nullish(),
  name: z.string().max(200),
  force: int,
  agilite: int,
  endurance: int,
  eloquence: int,
  sagesse: int,
  instinct: int,
  HP: int,
  soulEssence: int,
  defense: int,
  deplacement: int,
  forceWeapon: int,
  agilityWeapon: int,
  perceptionWeapon: int,
  aspect: int,
  rune: int,
  skills: skillPoints,
  assetLink: z.string().max(500).nullish(),
});
export type CreateCharacterRequest = z.infer<typeof createCharacterRequest>;

export const createdCharacter = z.object({ id: z.string(), message: z.string() });

/** `PUT /players/{id}`: the soul core, the image, or both. */
export const updateCharacterRequest = z
  .strictObject({
    soulCore: int.optional(),
    assetLink: z.string().max(500).nullable().optional(),
  })
  .refine((body) => body.soulCore !== undefined || body.assetLink !== undefined, {
    message: 'Indiquez soulCore ou assetLink.',
  });
export type UpdateCharacterRequest = z.infer<typeof updateCharacterRequest>;

export const gameIdParam = z.object({ gameId: z.string().min(1).max(64) });
export const characterInGameParams = z.object({
  playerId: z.string().min(1).max(64),
  gameId: z.string().min(1).max(64),
});
