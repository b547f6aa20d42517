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
 * target's centre, the arrowhead on it. Tokens that overlap keep the whole line.
 */
function rimToRim(from: Point, to: Point, cellPx: number): { from: Point; to: Point } {
  const length = Math.hypot(to.x - from.x, to.y - from.y);
  const rim = cellPx / 2;
  if (length <= rim) return { from, to };
  const along = (distance: number) => ({
    x: from.x + ((to.x - from.x) / length) * distance,
    y: from.y + ((to.y - from.y) / length) * distance,
  });
  return { from: along(rim), to: length >= 3 * rim ? along(length - rim) : to };
}

/** A line being shown, resolved to where its tokens stand now. */
export interface ShownAttackLine {
  key: string;
  from: Point;
  to: Point[];
}

function areaShape(attack: TargetingAttack, from: Point, aim: Point, range: number, cellPx: number) {
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
      const length = (size || range) * cellPx;
      const heading = Math.atan2(aim.y - from.y, aim.x - from.x);
      const at = (angle: number, reach = length) => ({
        x: from.x + Math.cos(angle) * reach,
        y: from.y + Math.sin(angle) * reach,
      });
      if (attack.areaOfEffect === 'line') {
        const end = at(heading);
        return (
          <line
            className="attack-area attack-area--line"
            x1={from.x}
            y1={from.y}
            x2={end.x}
            y2={end.y}
            strokeWidth={DEFAULT_AREA_CELLS * cellPx}
          />
        );
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
 * What the map shows of a fight, drawn in the map's own pixels (the layer moves with the map's
 * zoom and pan): while aiming, the attack's reach around the attacker — its range plus the half
 * cell the rules forgive — and, for an area, where it would land under the pointer; and the line
 * from each attacker to its targets for a second after the attack.
 */
export function AttackOverlay({
  aiming,
  lines,
  cellPx = CELL_PX,
}: {
  aiming: { attack: TargetingAttack; from: Point; range: number; pointer: Point | null } | null;
  lines: readonly ShownAttackLine[];
  /** The map grid's cell, in which reach and areas are drawn. */
  cellPx?: number;
}) {
  return (
    <g className="attack-overlay">
      {aiming && Number.isFinite(aiming.range) && (
        <circle
          className="attack-reach"
          cx={aiming.from.x}
          cy={aiming.from.y}
          r={(aiming.range + RANGE_MARGIN_CELLS) * cellPx}
        />
      )}
      {aiming?.pointer && areaShape(aiming.attack, aiming.from, aiming.pointer, aiming.range, cellPx)}
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
          const { from, to } = rimToRim(line.from, target, cellPx);
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
