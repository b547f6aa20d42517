import {
  CELL_PX,
  CONE_HALF_ANGLE,
  DEFAULT_AREA_CELLS,
  RANGE_MARGIN_CELLS,
  type Point,
} from '../../domain/geometry/geometry';
import type { TargetingAttack } from '../../machines/attack-targeting.machine';

/** A line being shown, resolved to where its tokens stand now. */
export interface ShownAttackLine {
  key: string;
  from: Point;
  to: Point[];
}

function areaShape(attack: TargetingAttack, from: Point, aim: Point, range: number) {
  const size = attack.areaSize > 0 ? attack.areaSize : 0;
  switch (attack.areaOfEffect) {
    case 'single':
      return null;
    case 'circle':
      return (
        <circle className="attack-area" cx={aim.x} cy={aim.y} r={(size || DEFAULT_AREA_CELLS) * CELL_PX} />
      );
    case 'line':
    case 'cone': {
      const length = (size || range) * CELL_PX;
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
            strokeWidth={DEFAULT_AREA_CELLS * CELL_PX}
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
}: {
  aiming: { attack: TargetingAttack; from: Point; range: number; pointer: Point | null } | null;
  lines: readonly ShownAttackLine[];
}) {
  return (
    <g className="attack-overlay">
      {aiming && Number.isFinite(aiming.range) && (
        <circle
          className="attack-reach"
          cx={aiming.from.x}
          cy={aiming.from.y}
          r={(aiming.range + RANGE_MARGIN_CELLS) * CELL_PX}
        />
      )}
      {aiming?.pointer && areaShape(aiming.attack, aiming.from, aiming.pointer, aiming.range)}
      {lines.map((line) =>
        line.to.map((to, index) => (
          <line
            key={`${line.key}-${index}`}
            className="attack-line"
            data-testid="attack-line"
            x1={line.from.x}
            y1={line.from.y}
            x2={to.x}
            y2={to.y}
          />
        )),
      )}
    </g>
  );
}
