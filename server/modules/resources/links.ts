import {
  linkableCategories,
  type LinkableCategory,
  type ResourceCategory,
} from '#shared/domain/resources/categories';
import {
  characterAspectAbilities,
  characterEchoes,
  characterItems,
  characterMemories,
  characterRunes,
} from '../../db/schema/index';

/** The link table of each category a character holds. */
export const linkTables = {
  rune: characterRunes,
  memory: characterMemories,
  echo: characterEchoes,
  item: characterItems,
  aspectAbility: characterAspectAbilities,
} as const satisfies Record<LinkableCategory, unknown>;

export type LinkTable = (typeof linkTables)[LinkableCategory];

export function linkTableOf(category: ResourceCategory): LinkTable | null {
  return (linkableCategories as readonly string[]).includes(category)
    ? linkTables[category as LinkableCategory]
    : null;
}
