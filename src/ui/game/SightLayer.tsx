import { memo, useId, useMemo } from 'react';
import type { Point, Size } from '../../domain/geometry/geometry';
import type { MapGrid } from '../../domain/geometry/grid';
import { decodeExplored, exploredLayout, type Explored } from '../../domain/geometry/explored';
import type { SightPolygon } from '../../domain/geometry/sight';

/** A tenth of a pixel: finer than a screen shows, and a move's path stays short. */
const tenth = (value: number) => Math.round(value * 10) / 10;

/** One polygon as one path: the cheapest redraw on every move. */
export function polygonPath(polygon: readonly Point[]): string {
  if (polygon.length === 0) return '';
  return `M${polygon.map(({ x, y }) => `${tenth(x)} ${tenth(y)}`).join('L')}Z`;
}

/** The explored cells as one path: each row's runs of seen cells a rectangle. */
export function exploredPath(explored: Explored): string {
  const { cellPx, offsetX, offsetY, firstColumn, firstRow, columns, rows } = explored.layout;
  const seen = (index: number) => (explored.bits[index >> 3]! & (1 << (index & 7))) !== 0;
  let path = '';
  for (let row = 0; row < rows; row++) {
    let column = 0;
    while (column < columns) {
      if (!seen(row * columns + column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < columns && seen(row * columns + column)) column += 1;
      const x = tenth(offsetX + (firstColumn + start) * cellPx);
      const y = tenth(offsetY + (firstRow + row) * cellPx);
      path += `M${x} ${y}h${tenth((column - start) * cellPx)}v${tenth(cellPx)}H${x}Z`;
    }
  }
  return path;
}

/**
 * What a player sees on a map with walls (docs/decisions/0024-sight.md), drawn from their copy
 * alone: dark everywhere but their tokens' polygons, the cells seen before under a lighter veil.
 * One mask: white (dark) over the map, grey over the explored cells, black where they see.
 */
export const SightLayer = memo(function SightLayer({
  polygons,
  explored,
  grid,
  map,
}: {
  polygons: readonly SightPolygon[];
  /** As the copy holds it (`encodeExplored`); null: nothing seen before. */
  explored: string | null;
  grid: MapGrid;
  map: Size;
}) {
  const id = useId();
  const remembered = useMemo(() => {
    if (explored === null) return '';
    const cells = decodeExplored(exploredLayout(grid, map), explored);
    return cells ? exploredPath(cells) : '';
  }, [explored, grid, map]);
  return (
    <svg
      className="table-map__sight"
      data-testid="map-sight"
      viewBox={`0 0 ${map.width} ${map.height}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <mask id={id} maskUnits="userSpaceOnUse" x={0} y={0} width={map.width} height={map.height}>
          <rect width={map.width} height={map.height} fill="white" />
          {remembered && <path className="table-map__explored" d={remembered} fill="#8c8c8c" />}
          {polygons.map((polygon, index) => (
            <path key={index} className="table-map__seen" d={polygonPath(polygon)} fill="black" />
          ))}
        </mask>
      </defs>
      <rect width={map.width} height={map.height} mask={`url(#${id})`} />
    </svg>
  );
});
