// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
