import type { FogPatch, MapFog } from './fog';
import { dict, orderOf, own, tokenAt, tokensOfMap } from './records';
import type { MapToken, TableEventBody, TablePatch, TableState } from './types';

/** Equality of plain JSON values (what a token, an order, a round or a grid is made of). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.hasOwn(right, key) && sameValue(left[key], right[key]));
}

/**
 * The keys of `to` whose values differ from `from`'s, or undefined when none does. A token without
 * conditions has no `conditions` key: losing them reads as an empty list, which the reducer takes
 * off again; a token placed before sizes has no `size`: going back to it reads as one cell. Bands
 * never leave a token, so no other key can go missing.
 */
function changedKeys(from: MapToken, to: MapToken): Partial<MapToken> | undefined {
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(to) as Array<keyof MapToken>) {
    if (!sameValue(from[key], to[key])) changed[key] = to[key];
  }
  if (from.conditions !== undefined && to.conditions === undefined) changed.conditions = [];
  if (from.size !== undefined && to.size === undefined) changed.size = 1;
  return Object.keys(changed).length === 0 ? undefined : (changed as Partial<MapToken>);
}

/**
 * What turns fog `from` into `to`: null takes the fog off, undefined when they are alike. The
 * reducer keeps the shapes a change leaves as the same objects, so the shared first ones cost a
 * comparison of references each.
 */
function fogPatchBetween(from: MapFog | undefined, to: MapFog | undefined): FogPatch | null | undefined {
  if (from === to) return undefined;
  if (to === undefined) return null;
  const was = from?.shapes ?? [];
  let keep = 0;
  while (keep < was.length && keep < to.shapes.length && sameValue(was[keep], to.shapes[keep])) keep += 1;
  if (from?.base === to.base && keep === was.length && keep === to.shapes.length) return undefined;
  return { base: to.base, keep, shapes: to.shapes.slice(keep) };
}

/**
 * What, applied to `from`, gives `to` on that map, and nothing more (decision 0022): for each token
 * that differs, the keys that changed (`to`'s values), a whole token where `to` has one `from`
 * lacks, null where `from` has one `to` lacks; the order, round, grid and fog only when they differ.
 * Tokens the reducer left untouched are the same objects, so a drop on a full map costs one
 * comparison of references per token.
 */
export function patchBetween(from: TableState, to: TableState, map: string): TablePatch {
  const was = tokensOfMap(from, map);
  const now = tokensOfMap(to, map);
  const tokens = dict<Partial<MapToken> | null>();
  for (const usableId in was) {
    const before = was[usableId]!;
    const after = own(now, usableId);
    if (after === undefined) tokens[usableId] = null;
    else if (after !== before) {
      const changed = changedKeys(before, after);
      if (changed) tokens[usableId] = changed;
    }
  }
  for (const usableId in now) {
    if (own(was, usableId) === undefined) tokens[usableId] = now[usableId]!;
  }
  const patch: TablePatch = { tokens };
  const [orderWas, orderNow] = [orderOf(from, map), orderOf(to, map)];
  if (!sameValue(orderWas, orderNow)) patch.order = [...orderNow];
  const roundNow = own(to.rounds, map);
  if (!sameValue(own(from.rounds, map), roundNow)) patch.round = roundNow ?? null;
  const gridNow = own(to.grids, map);
  if (!sameValue(own(from.grids, map), gridNow)) patch.grid = gridNow ?? null;
  const fog = fogPatchBetween(own(from.fogs, map), own(to.fogs, map));
  if (fog !== undefined) patch.fog = fog;
  return patch;
}

/**
 * What undoes an action that is one move: `patchBetween` the table after it and before it, without
 * the table folded and compared token by token (a drop's history entry, at every drop). Undefined
 * for any other action.
 */
export function moveUndone(state: TableState, events: readonly TableEventBody[]): TablePatch | undefined {
  const [event] = events;
  if (events.length !== 1 || event?.type !== 'token.moved') return undefined;
  const { map, usableId, x, y } = event.payload;
  const token = tokenAt(state, map, usableId);
  if (!token) return undefined;
  const back: Partial<MapToken> = {};
  if (token.x !== x) back.x = token.x;
  if (token.y !== y) back.y = token.y;
  return { tokens: Object.keys(back).length === 0 ? dict() : dict([[usableId, back]]) };
}

/** A patch that changes nothing: an action that did nothing leaves nothing to undo. */
export function isEmptyPatch(patch: TablePatch): boolean {
  return (
    Object.keys(patch.tokens).length === 0 &&
    patch.order === undefined &&
    patch.round === undefined &&
    patch.grid === undefined &&
    patch.fog === undefined
  );
}

/** A whole token (to put back) as against some of a token's keys (to restore). */
export function isWholeToken(value: Partial<MapToken>): value is MapToken {
  return value.usableId !== undefined;
}
