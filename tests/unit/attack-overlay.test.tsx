// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CELL_PX, DEFAULT_AREA_CELLS, isInArea, type Point } from '../../src/domain/geometry/geometry';
import type { TargetingAttack } from '../../src/machines/attack-targeting.machine';
import { AttackOverlay } from '../../src/ui/game/AttackOverlay';

function drawn(from: { x: number; y: number }, to: { x: number; y: number }) {
  const { getByTestId } = render(
    <svg>
      <AttackOverlay aiming={null} lines={[{ key: 'a', from, to: [to] }]} />
    </svg>,
  );
  const line = getByTestId('attack-line');
  return {
    ends: ['x1', 'y1', 'x2', 'y2'].map((name) => Number(line.getAttribute(name))),
    head: line.getAttribute('marker-end'),
  };
}

describe('AttackOverlay: the line of an attack', () => {
  afterEach(cleanup);

  it('runs from the attacker’s rim to the target’s, half a cell (37.5 map px) in from each centre, with an arrowhead', () => {
    const { ends, head } = drawn({ x: 100, y: 100 }, { x: 400, y: 100 });
    expect(ends).toEqual([137.5, 100, 362.5, 100]);
    expect(head).toBe('url(#attack-line-head)');
  });

  it('follows the direction of the strike on a diagonal', () => {
    const { ends } = drawn({ x: 0, y: 0 }, { x: 300, y: 400 });
    expect(ends.map((n) => Math.round(n * 10) / 10)).toEqual([22.5, 30, 277.5, 370]);
  });

  it('between tokens side by side, leaves the attacker’s rim and points at the target’s centre', () => {
    expect(drawn({ x: 0, y: 0 }, { x: 75, y: 0 }).ends).toEqual([37.5, 0, 75, 0]);
  });

  it('keeps the whole line between tokens that overlap by more than half', () => {
    expect(drawn({ x: 0, y: 0 }, { x: 30, y: 0 }).ends).toEqual([0, 0, 30, 0]);
  });
});

describe('AttackOverlay: the preview of a line area', () => {
  afterEach(cleanup);

  const line: TargetingAttack = {
    ref: { kind: 'simple' },
    name: 'Souffle',
    range: 4,
    areaOfEffect: 'line',
    areaSize: 0,
    maxTargets: 0,
    damage: '1d6',
    essenceCost: 0,
  };

  function band(from: Point, pointer: Point): Point[] {
    const { container } = render(
      <svg>
        <AttackOverlay aiming={{ attack: line, from, range: line.range, pointer }} lines={[]} />
      </svg>,
    );
    const shape = container.querySelector('polygon.attack-area');
    expect(shape).not.toBeNull();
    const numbers = (shape?.getAttribute('points') ?? '').split(/[\s,]+/).map(Number);
    return numbers.flatMap((value, index) => (index % 2 === 0 ? [{ x: value, y: numbers[index + 1]! }] : []));
  }

  /** Even–odd ray casting: whether `point` lies inside the polygon `corners`. */
  function inside(corners: Point[], point: Point): boolean {
    let within = false;
    for (let i = 0, j = corners.length - 1; i < corners.length; j = i++) {
      const [a, b] = [corners[i]!, corners[j]!];
      if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x) {
        within = !within;
      }
    }
    return within;
  }

  it.each([
    ['straight', { x: 400, y: 100 }],
    ['on a diagonal', { x: 250, y: 330 }],
  ])('covers exactly the band the rule hits, aimed %s', (_, pointer) => {
    const from = { x: 100, y: 100 };
    const corners = band(from, pointer);
    expect(corners).toHaveLength(4);
    const half = (DEFAULT_AREA_CELLS * CELL_PX) / 2;
    for (let x = -half * 2; x <= 400 + CELL_PX * 6; x += 7.3) {
      for (let y = -half * 2; y <= 400 + CELL_PX * 6; y += 7.3) {
        const centre = { x, y };
        expect(inside(corners, centre), `${x},${y}`).toBe(isInArea(line, from, pointer, centre));
      }
    }
  });
});

describe('AttackOverlay: the reach while aiming', () => {
  afterEach(cleanup);

  const reach = (size: number | undefined, range: number) => {
    const { container } = render(
      <svg>
        <AttackOverlay
          aiming={{
            attack: {
              ref: { kind: 'simple' },
              name: 'Attaque simple',
              range,
              areaOfEffect: 'single',
              areaSize: 0,
              maxTargets: 1,
              damage: '1d10+7',
              essenceCost: 0,
            },
            from: { x: 300, y: 300 },
            size,
            range,
            pointer: null,
          }}
          lines={[]}
        />
      </svg>,
    );
    const shape = container.querySelector('.attack-reach')!;
    return ['x', 'y', 'width', 'height', 'rx'].map((name) => Number(shape.getAttribute(name)));
  };

  it('runs round the attacker’s square, where the centre of a one-cell target is in reach', () => {
    // A 3×3 ogre, reach 1: a target's centre up to two and a half cells from the ogre's, corners rounded by half a cell.
    expect(reach(3, 1)).toEqual([112.5, 112.5, 375, 375, 37.5]);
    // One cell, reach 2: as far as the half cell the rules forgive past the range.
    expect(reach(undefined, 2)).toEqual([112.5, 112.5, 375, 375, 112.5]);
  });
});

describe('AttackOverlay: the line of a large token’s attack', () => {
  afterEach(cleanup);

  it('leaves a 3×3 attacker from its rim and reaches a 2×2 target’s rim', () => {
    const { getByTestId } = render(
      <svg>
        <AttackOverlay
          aiming={null}
          lines={[{ key: 'a', from: { x: 0, y: 0 }, fromSize: 3, to: [{ x: 600, y: 0 }], toSizes: [2] }]}
        />
      </svg>,
    );
    const line = getByTestId('attack-line');
    expect(['x1', 'x2'].map((name) => Number(line.getAttribute(name)))).toEqual([112.5, 525]);
  });
});
