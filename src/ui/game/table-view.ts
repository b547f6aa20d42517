import type { CharacterSummary } from '../../api/schemas/characters';
import type { ItemChangePayload } from '../../api/schemas/table';
import type { MapRef, MapToken, TableRole, TableState } from '../../domain/table/types';
import type { MonsterChoice } from '../../machines/table-lists.machine';

/**
 * What the table's views read from the folded state, as plain functions: the map a role looks at,
 * its tokens, who may touch which token, and the drafts the context menu places.
 */

export type TokenDraft = Extract<ItemChangePayload['change'], { type: 'token.place' }>['token'];

export function managesTable(role: TableRole): boolean {
  return role === 'mj' || role === 'admin';
}

/** docs/table.md: the MJ and the admin look at masterMap, the players at currentMap. */
export function shownMap(table: TableState, role: TableRole): MapRef | null {
  return managesTable(role) ? table.masterMap : table.currentMap;
}

export function tokensOn(table: TableState, map: MapRef | null): MapToken[] {
  return map === null ? [] : Object.values(table.tokens[map.name] ?? {});
}

/** table.md §6: MJ and admin move any token; a player only their own character's. */
export function canControl(role: TableRole, characterIds: readonly string[], token: MapToken): boolean {
  return managesTable(role) || (token.isPlayer && characterIds.includes(token.itemId));
}

export function isDead(token: Pick<MapToken, 'currentHP'>): boolean {
  return token.currentHP === 0;
}

/** A whole, non-negative amount typed in the adjustment field (table.md §5 "Health and soul"). */
export function amountOf(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : null;
}

export function characterDraft(character: CharacterSummary, at: { x: number; y: number }): TokenDraft {
  return {
    itemId: character.id,
    name: character.name,
    isPlayer: true,
    assetLink: character.assetLink,
    speciality: null,
    AC: 10,
    HP: character.HP,
    currentHP: character.HP,
    soulEssence: character.soulEssence,
    currentSoulEssence: character.soulEssence,
    attackBonus: 0,
    damage: '1d6',
    visibility: true,
    ...at,
  };
}

export function monsterDraft(monster: MonsterChoice, at: { x: number; y: number }): TokenDraft {
  return {
    itemId: monster.id,
    name: monster.name,
    isPlayer: false,
    assetLink: monster.assetLink,
    speciality: monster.speciality === '' ? null : monster.speciality,
    AC: monster.AC,
    HP: monster.HP,
    currentHP: monster.HP,
    soulEssence: null,
    currentSoulEssence: null,
    attackBonus: monster.attackBonus,
    damage: monster.damage,
    visibility: true,
    ...at,
  };
}

/** Two letters for a token without a picture. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words[0]![0]! + words[1]![0]! : name.trim().slice(0, 2);
  return letters.toUpperCase();
}
