// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boardMotion, transformOf } from '../../src/ui/game/board-motion';
import { recordAnimations, type RecordedAnimationCall } from '../helpers/recorded-animations';

let started: RecordedAnimationCall[] = [];
beforeEach(() => {
  started = recordAnimations();
});
afterEach(() => vi.unstubAllGlobals());

describe('the board carried through a pan', () => {
  it('holds each view in one animation, then writes the last in the style and drops the animation', () => {
    const board = document.createElement('div');
    const motion = boardMotion();
    motion.rest(board, { x: 0, y: 0, scale: 0.6 });
    const views = [1, 2, 3].map((step) => ({ x: -10 * step, y: -6 * step, scale: 0.6 }));

    for (const view of views) motion.move(board, view);
    expect(board.style.transform).toBe(transformOf({ x: 0, y: 0, scale: 0.6 }));
    expect(started).toHaveLength(1);
    expect(started[0]!.keyframes.map(([from]) => from!.transform)).toEqual(views.map(transformOf));

    motion.rest(board, views[2]!);
    expect(board.style.transform).toBe(transformOf(views[2]!));
    expect(started[0]!.cancelled).toBe(true);

    // The next gesture starts an animation of its own.
    motion.move(board, views[0]!);
    expect(started).toHaveLength(2);
  });

  it('writes a new scale in the style at once, so the board is not rastered again at each', () => {
    const board = document.createElement('div');
    const motion = boardMotion();
    motion.rest(board, { x: 0, y: 0, scale: 0.6 });
    motion.move(board, { x: -10, y: -6, scale: 0.6 });

    const zoomed = { x: -40, y: -30, scale: 0.75 };
    motion.move(board, zoomed);
    expect(board.style.transform).toBe(transformOf(zoomed));
    expect(started.map((animation) => animation.cancelled)).toEqual([true]);
  });
});
