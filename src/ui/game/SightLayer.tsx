import { memo, useId, useMemo } from 'react';
import type { Size } from '../../domain/geometry/geometry';
import type { MapGrid } from '../../domain/geometry/grid';
import { decodeExplored, exploredLayout } from '../../domain/geometry/explored';
import { exploredPath, polygonPath } from '../../domain/geometry/map-paths';
import type { SightPolygon } from '../../domain/geometry/sight';

/**
 * What a player sees on a map with walls (docs/decisions/0024-sight.md), drawn from their copy
 * alone: dark everywhere but their tokens' polygons, the cells seen before under a lighter veil.
 * One mask: white (dark) over the map, grey over the explored cells, black where they see. Over a
 * picture the server painted out (decision 0032) the explored cells are already dimmed in it: the
 * mask leaves them clear rather than darken them twice.
 */
export const SightLayer = memo(function SightLayer({
  polygons,
  explored,
  grid,
  map,
  dimmedInPicture = false,
}: {
  polygons: readonly SightPolygon[];
  /** As the copy holds it (`encodeExplored`); null: nothing seen before. */
  explored: string | null;
  /** The picture under it shows the explored cells at half strength already. */
  dimmedInPicture?: boolean;
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
          {remembered && (
            <path
              className="table-map__explored"
              d={remembered}
              fill={dimmedInPicture ? 'black' : '#8c8c8c'}
            />
          )}
          {polygons.map((polygon, index) => (
            <path key={index} className="table-map__seen" d={polygonPath(polygon)} fill="black" />
          ))}
        </mask>
      </defs>
      <rect width={map.width} height={map.height} mask={`url(#${id})`} />
    </svg>
  );
});
