import { and, asc, eq } from 'drizzle-orm';
import type { WeaponAttack } from '#shared/wire/characters';
import { categoryFieldSchemas } from '#shared/wire/resources';
import { equipmentSlotOf, weaponTypeOf, type WeaponType } from '#shared/domain/character/equipment';
import type { weaponTypes } from '#shared/domain/resources/categories';
import type { Db } from '../../db/client';
import { characterMemories, gameResources } from '../../db/schema/index';
import { categoryFields } from '../resources/views';

/** The attack form's weapon types (platform.md §3) by the type a weapon's name gives (table.md §9). */
const attackWeaponType: Record<WeaponType, (typeof weaponTypes)[number]> = {
  force: 'Force',
  agilite: 'Agilité',
  instinct: 'Instinct',
};

export interface WornWeapon {
  memoryId: string;
  name: string;
  type: WeaponType | null;
  /** The memory's bonuses, its damage among them. */
  stat: unknown;
}

/** The weapon (a memory of type Arme) the character wears, if any. */
export async function wornWeapon(db: Db, characterId: string): Promise<WornWeapon | null> {
  const rows = await db
    .select({ memoryId: gameResources.id, name: gameResources.name, fields: gameResources.fields })
    .from(characterMemories)
    .innerJoin(gameResources, eq(gameResources.id, characterMemories.resourceId))
    .where(and(eq(characterMemories.characterId, characterId), eq(characterMemories.equipped, true)))
    .orderBy(asc(gameResources.name), asc(gameResources.id));
  const weapon = rows.find(
    ({ fields }) => equipmentSlotOf(String(categoryFields('memory', fields).type ?? '')) === 'Arme',
  );
  if (!weapon) return null;
  const { memoryId, name, fields } = weapon;
  return { memoryId, name, type: weaponTypeOf(name), stat: categoryFields('memory', fields).stat };
}

/**
 * The attacks of a weapon of the game: those made for this memory, and the global ones of its
 * weapon type (FOR, AGI or INST in its name).
 */
export async function attacksOfWeapon(db: Db, gameId: string, weapon: WornWeapon): Promise<WeaponAttack[]> {
  const attacks = await db
    .select()
    .from(gameResources)
    .where(and(eq(gameResources.gameId, gameId), eq(gameResources.category, 'attack')))
    .orderBy(asc(gameResources.name));
  return attacks.flatMap((attack) => {
    const fields = categoryFieldSchemas.attack.parse(categoryFields('attack', attack.fields));
    const forThisWeapon = fields.memoryId === weapon.memoryId;
    const forItsType =
      fields.isGlobal && weapon.type !== null && fields.weaponType === attackWeaponType[weapon.type];
    if (!forThisWeapon && !forItsType) return [];
    return [{ id: attack.id, name: attack.name, description: attack.description, ...fields }];
  });
}
