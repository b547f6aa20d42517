import { CELL_PX, measureCells, type Point } from '../../domain/geometry/geometry';
import type { RemoteRulers, ShownPing } from '../../effects/table-pointers';
import { mapMessages, pointerMessages } from './messages';

/**
 * What hands show on the map beside the tokens, in the map's own pixels (drawn inside the board's
 * overlay, so they agree with the tokens at every zoom): the selection's rectangle being drawn,
 * the pings' rings — each names who pinged, the user's own none — and the others' arrows while
 * they draw them, with their length in cells.
 */
export function MapPointers({
  map,
  box,
  pings,
  rulers,
}: {
  map: string;
  box: { from: Point; to: Point } | null;
  pings: readonly ShownPing[];
  rulers: RemoteRulers;
}) {
  return (
    <g className="map-pointers">
      {box && (
        <rect
          className="map-pointers__box"
          x={Math.min(box.from.x, box.to.x)}
          y={Math.min(box.from.y, box.to.y)}
          width={Math.abs(box.to.x - box.from.x)}
          height={Math.abs(box.to.y - box.from.y)}
        />
      )}
      {pings
        .filter((ping) => ping.map === map)
        .map((ping) => (
          <g
            key={ping.key}
            className="map-ping"
            data-testid="map-ping"
            transform={`translate(${ping.at.x} ${ping.at.y})`}
          >
            <circle className="map-ping__ring" r={CELL_PX} />
            <circle className="map-ping__ring map-ping__ring--late" r={CELL_PX} />
            <circle className="map-ping__dot" r={CELL_PX / 8} />
            {ping.name !== null && (
              <text className="map-pointers__label" y={CELL_PX * 1.5}>
                {ping.name}
              </text>
            )}
          </g>
        ))}
      {Object.entries(rulers)
        .filter(([, ruler]) => ruler.map === map)
        .map(([userId, ruler]) => (
          <g key={userId} className="map-pointers__ruler" data-testid="shared-ruler">
            <line x1={ruler.from.x} y1={ruler.from.y} x2={ruler.to.x} y2={ruler.to.y} />
            <circle r={CELL_PX / 10} cx={ruler.to.x} cy={ruler.to.y} />
            <text className="map-pointers__label" x={ruler.to.x + CELL_PX / 4} y={ruler.to.y - CELL_PX / 4}>
              {pointerMessages.rulerOf(ruler.name, mapMessages.measure(measureCells(ruler.from, ruler.to)))}
            </text>
          </g>
        ))}
    </g>
  );
}
