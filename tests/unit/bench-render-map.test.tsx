// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BenchTableMap } from '../../bench/render/bench-map';
import { benchTable, DRAGGED_ID } from '../../bench/render/bench-table';
import { NoResizeObserver, TestPointerEvent } from '../helpers/jsdom-pointer';

/**
 * `npm run bench -- table-render` measures a drag on this map; a map whose token no longer
 * follows the pointer outside the live table fails it, so `npm test` drags one first.
 */
beforeEach(() => {
  vi.stubGlobal('PointerEvent', TestPointerEvent);
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the rendering bench’s map', () => {
  it('moves the token the bench drags along with the pointer', () => {
    const { container } = render(<BenchTableMap table={benchTable(5)} />);
    const token = container.querySelector<HTMLElement>(`[data-usable-id="${DRAGGED_ID}"]`)!;
    const frame = container.querySelector<HTMLElement>('.table-map__frame')!;
    const before = { left: token.style.left, top: token.style.top };

    fireEvent.pointerDown(token, { button: 0, pointerId: 1, clientX: 40, clientY: 40 });
    for (let step = 1; step <= 10; step++)
      fireEvent.pointerMove(frame, { pointerId: 1, clientX: 40 + step * 15, clientY: 40 + step * 10 });
    fireEvent.pointerUp(frame, { button: 0, pointerId: 1, clientX: 190, clientY: 140 });

    expect(token.classList).toContain('map-token--dragging');
    expect(parseFloat(token.style.left)).toBeGreaterThan(parseFloat(before.left));
    expect(parseFloat(token.style.top)).toBeGreaterThan(parseFloat(before.top));
  });
});
