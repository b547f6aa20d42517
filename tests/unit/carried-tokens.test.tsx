// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BenchTableMap } from '../../bench/render/bench-map';
import { benchTable, DRAGGED_ID } from '../../bench/render/bench-table';
import { NoResizeObserver, TestPointerEvent } from '../helpers/jsdom-pointer';
import { recordAnimations, type RecordedAnimationCall } from '../helpers/recorded-animations';

let started: RecordedAnimationCall[] = [];
beforeEach(() => {
  vi.stubGlobal('PointerEvent', TestPointerEvent);
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  started = recordAnimations();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const translation = (keyframes: Keyframe[]) =>
  /translate\((-?[\d.]+)px, (-?[\d.]+)px\)/.exec(String(keyframes[0]!.transform))!.slice(1).map(Number);

describe('a dragged token', () => {
  it('is carried by a held transform, laid out again only where it is dropped', () => {
    const { container } = render(<BenchTableMap table={benchTable(5)} />);
    const token = container.querySelector<HTMLElement>(`[data-usable-id="${DRAGGED_ID}"]`)!;
    const frame = container.querySelector<HTMLElement>('.table-map__frame')!;
    const laidOut = { left: token.style.left, top: token.style.top };

    fireEvent.pointerDown(token, { button: 0, pointerId: 1, clientX: 40, clientY: 40 });
    for (let step = 1; step <= 10; step++)
      fireEvent.pointerMove(frame, { pointerId: 1, clientX: 40 + step * 15, clientY: 40 + step * 10 });

    // One animation for the whole drag, on the token, each move a further translation; no layout.
    const carrying = started.filter((animation) => animation.target === token);
    expect(carrying).toHaveLength(1);
    const steps = carrying[0]!.keyframes.map(translation);
    expect(steps).toHaveLength(10);
    expect(steps.at(-1)![0]).toBeGreaterThan(steps[0]![0]!);
    expect(steps.at(-1)![1]).toBeGreaterThan(steps[0]![1]!);
    expect({ left: token.style.left, top: token.style.top }).toEqual(laidOut);
    expect(token.classList).toContain('map-token--dragging');

    fireEvent.pointerUp(frame, { button: 0, pointerId: 1, clientX: 190, clientY: 140 });
    expect(carrying[0]!.cancelled).toBe(true);
    expect(parseFloat(token.style.left)).toBeGreaterThan(parseFloat(laidOut.left));
    expect(parseFloat(token.style.top)).toBeGreaterThan(parseFloat(laidOut.top));
  });
});
