import { useLayoutEffect, type RefObject } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Point, Size } from '../../domain/geometry/geometry';
import type { mapPointerMachine } from '../../machines/map-pointer.machine';
import { holdTransform, type HeldTransform } from './held-transform';

/** Where the map lays its tokens out (percent, by id) and its size: what a carried token moves from. */
export interface TokensLaidOut {
  map: Size;
  at: ReadonlyMap<string, Point>;
}

/** The translation, in the map's pixels, from where a token is laid out to where it is carried. */
export function carriedBy(laidOut: Point, carried: Point, map: Size): string {
  const x = ((carried.x - laidOut.x) / 100) * map.width;
  const y = ((carried.y - laidOut.y) / 100) * map.height;
  return `translate(${x}px, ${y}px)`;
}

/** A token of the board, found once when its drag starts. */
function tokenElement(board: HTMLElement | null, usableId: string): HTMLElement | undefined {
  return [...(board?.querySelectorAll<HTMLElement>('[data-usable-id]') ?? [])].find(
    (element) => element.dataset.usableId === usableId,
  );
}

/**
 * The tokens a drag carries, moved straight from the pointer's machine (`carried`) by a transform
 * held on the compositor (held-transform.ts): a move re-renders nothing, lays nothing out and
 * gathers no paint into layers again. Once set down their transform goes and the map lays them out
 * where they were dropped (`local`), in the same task, so nothing flickers between the two.
 */
export function useCarriedTokens(
  pointer: ActorRefFrom<typeof mapPointerMachine>,
  board: RefObject<HTMLElement | null>,
  laidOut: RefObject<TokensLaidOut>,
) {
  useLayoutEffect(() => {
    const held = new Map<string, HeldTransform>();
    let carried = pointer.getSnapshot().context.carried;
    const setDown = (usableId: string) => {
      held.get(usableId)?.drop();
      held.delete(usableId);
    };
    const subscription = pointer.subscribe(({ context }) => {
      if (context.carried === carried) return;
      carried = context.carried;
      for (const usableId of held.keys()) if (!(usableId in carried)) setDown(usableId);
      const { map, at } = laidOut.current;
      for (const [usableId, place] of Object.entries(carried)) {
        const from = at.get(usableId);
        if (!from) continue;
        const transform = carriedBy(from, place, map);
        const holding = held.get(usableId);
        if (holding) {
          holding.move(transform);
          continue;
        }
        const element = tokenElement(board.current, usableId);
        if (element) held.set(usableId, holdTransform(element, transform));
      }
    });
    return () => {
      subscription.unsubscribe();
      for (const usableId of [...held.keys()]) setDown(usableId);
    };
  }, [pointer, board, laidOut]);
}
