import { memo, useId } from 'react';
import { GRID_CELL_MIN_PX, type MapGrid } from '../../domain/geometry/grid';
import type { Size } from '../../domain/geometry/geometry';

/**
 * The map's grid drawn over its picture, in the map's own pixels: one SVG pattern of a cell and one
 * rectangle it fills, whatever the number of cells (a picture of 30,000 px at 10 px cells stays two
 * elements), so zooming, panning and dragging tokens never redraw it.
 */
export const GridLayer = memo(function GridLayer({ grid, map }: { grid: MapGrid; map: Size }) {
  const id = useId();
  if (!grid.shown) return null;
  const cell = Math.max(GRID_CELL_MIN_PX, grid.cellPx);
  // The pattern clips each line to its half inside the cell: drawn twice as thick as it shows.
  const stroke = 2 * Math.max(1, cell / 50);
  return (
    <svg
      className="table-map__grid"
      data-testid="map-grid"
      viewBox={`0 0 ${map.width} ${map.height}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
      style={{ opacity: grid.opacity }}
    >
      <defs>
        <pattern
          id={id}
          patternUnits="userSpaceOnUse"
          x={grid.offsetX}
          y={grid.offsetY}
          width={cell}
          height={cell}
        >
          <path d={`M${cell} 0H0V${cell}`} fill="none" stroke={grid.color} strokeWidth={stroke} />
        </pattern>
      </defs>
      <rect width={map.width} height={map.height} fill={`url(#${id})`} />
    </svg>
  );
});
