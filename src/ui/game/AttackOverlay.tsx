import {
  CELL_PX,
  CONE_HALF_ANGLE,
  DEFAULT_AREA_CELLS,
  RANGE_MARGIN_CELLS,
  type Point,
} from '../../domain/geometry/geometry';
import type { TargetingAttack } from '../../machines/attack-targeting.machine';

/**
 * Where the line is drawn: from the attacker's rim, so it never crosses its initials, to the
 * target's rim — or, when they stand side by side and that would leave too little to see, to the
 * target's centre, the arrowhead on it. Tokens that overlap keep the whole line. A rim is half
 * the token's side, however many cells it covers.
 */
function rimToRim(
  from: Point,
  to: Point,
  fromSize = 1,
  toSize = 1,
  cellPx = CELL_PX,
): { from: Point; to: Point } {
  const length = Math.hypot(to.x - from.x, to.y - from.y);
  const fromRim = (fromSize * cellPx) / 2;
  const toRim = (toSize * cellPx) / 2;
  if (length <= fromRim) return { from, to };
  const along = (distance: number) => ({
    x: from.x + ((to.x - from.x) / length) * distance,
    y: from.y + ((to.y - from.y) / length) * distance,
  });
  return { from: along(fromRim), to: length >= fromRim + 2 * toRim ? along(length - toRim) : to };
}

/** A line being shown, resolved to where its tokens stand now, with their sides in cells (1 when absent). */
export interface ShownAttackLine {
  key: string;
  from: Point;
  fromSize?: number;
  to: Point[];
  toSizes?: number[];
}

/** `beyond`: how much further than a one-cell attacker's a line or a cone runs from a larger one's centre. */
function areaShape(
  attack: TargetingAttack,
  from: Point,
  aim: Point,
  range: number,
  beyond: number,
  cellPx: number,
) {
  const size = attack.areaSize > 0 ? attack.areaSize : 0;
  switch (attack.areaOfEffect) {
    case 'single':
      return null;
    case 'circle':
      return (
        <circle className="attack-area" cx={aim.x} cy={aim.y} r={(size || DEFAULT_AREA_CELLS) * cellPx} />
      );
    case 'line':
    case 'cone': {
      const length = (size || range) * cellPx + beyond;
      const heading = Math.atan2(aim.y - from.y, aim.x - from.x);
      const at = (angle: number, reach = length) => ({
        x: from.x + Math.cos(angle) * reach,
        y: from.y + Math.sin(angle) * reach,
      });
      if (attack.areaOfEffect === 'line') {
        // The band `isInArea` hits: as wide as the area, square at both ends.
        const half = (DEFAULT_AREA_CELLS * cellPx) / 2;
        const end = at(heading);
        const side = { x: -Math.sin(heading) * half, y: Math.cos(heading) * half };
        const corners = [
          { x: from.x + side.x, y: from.y + side.y },
          { x: end.x + side.x, y: end.y + side.y },
          { x: end.x - side.x, y: end.y - side.y },
          { x: from.x - side.x, y: from.y - side.y },
        ];
        return <polygon className="attack-area" points={corners.map(({ x, y }) => `${x},${y}`).join(' ')} />;
      }
      const left = at(heading - CONE_HALF_ANGLE);
      const right = at(heading + CONE_HALF_ANGLE);
      return (
        <path
          className="attack-area"
          d={`M${from.x} ${from.y} L${left.x} ${left.y} A${length} ${length} 0 0 1 ${right.x} ${right.y} Z`}
        />
      );
    }
  }
}

/**
 * Where the centre of a one-cell target is in reach (`isInReach`): round the attacker's square
 * (`size` cells a side), the range plus the half cell the rules forgive away from its edge.
 */
function reachShape(from: Point, size: number, range: number, cellPx: number) {
  const half = (size / 2 + range) * cellPx;
  const corner = Math.max(0, range - RANGE_MARGIN_CELLS) * cellPx;
  return (
    <rect
      className="attack-reach"
      x={from.x - half}
      y={from.y - half}
      width={2 * half}
      height={2 * half}
      rx={corner}
      ry={corner}
    />
  );
}

/**
 * What the map shows of a fight, drawn in the map's own pixels (the layer moves with the map's
 * zoom and pan): while aiming, the attack's reach around the attacker's square — its range plus
 * the half cell the rules forgive — and, for an area, where it would land under the pointer; and
 * the line from each attacker to its targets for a second after the attack.
 */
export function AttackOverlay({
  aiming,
  lines,
  cellPx = CELL_PX,
}: {
  aiming: {
    attack: TargetingAttack;
    from: Point;
    /** The attacker's side in cells (1 when absent). */
    size?: number;
    range: number;
    pointer: Point | null;
  } | null;
  lines: readonly ShownAttackLine[];
  /** The map grid's cell, in which reach and areas are drawn. */
  cellPx?: number;
}) {
  const size = aiming?.size ?? 1;
  return (
    <g className="attack-overlay">
      {aiming && Number.isFinite(aiming.range) && reachShape(aiming.from, size, aiming.range, cellPx)}
      {aiming?.pointer &&
        areaShape(
          aiming.attack,
          aiming.from,
          aiming.pointer,
          aiming.range,
          ((size - 1) * cellPx) / 2,
          cellPx,
        )}
      {lines.length > 0 && (
        <defs>
          <marker
            id="attack-line-head"
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerUnits="userSpaceOnUse"
            markerWidth={cellPx / 3}
            markerHeight={cellPx / 3}
            orient="auto"
          >
            <path className="attack-line__head" d="M0 0 L10 5 L0 10 Z" />
          </marker>
        </defs>
      )}
      {lines.map((line) =>
        line.to.map((target, index) => {
          const { from, to } = rimToRim(line.from, target, line.fromSize, line.toSizes?.[index], cellPx);
          return (
            <line
              key={`${line.key}-${index}`}
              className="attack-line"
              data-testid="attack-line"
              markerEnd="url(#attack-line-head)"
              x1={from.x}
              y1={from.y}
              x2={to.x}
              y2={to.y}
            />
          );
        }),
      )}
    </g>
  );
}
