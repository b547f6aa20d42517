import { memo, type KeyboardEvent } from 'react';
import type { Size } from '../../domain/geometry/geometry';
import type { Wall } from '../../domain/geometry/walls';
import { visionMessages } from './messages';

/**
 * The map's walls as the MJ sees them, over the picture: walls solid, windows light blue, doors
 * dashed, an open door drawn ajar (thin and faint). Each door is a button, reached by Tab, that
 * opens or closes it on the server; nothing changes on screen until the log says so.
 */
export const WallLayer = memo(function WallLayer({
  walls,
  map,
  onDoor,
}: {
  walls: readonly Wall[];
  map: Size;
  /** Without it the doors are drawn, not buttons (a read-only map). */
  onDoor?: (id: string, open: boolean) => void;
}) {
  const toggle = (wall: Wall) => onDoor?.(wall.id, wall.open !== true);
  return (
    <svg
      className="table-map__walls"
      data-testid="map-walls"
      viewBox={`0 0 ${map.width} ${map.height}`}
      preserveAspectRatio="none"
      aria-label={visionMessages.walls}
      role="group"
      focusable="false"
    >
      {walls.map((wall) => {
        const line = { x1: wall.a.x, y1: wall.a.y, x2: wall.b.x, y2: wall.b.y };
        if (wall.kind !== 'door')
          return <line key={wall.id} className={`map-wall map-wall--${wall.kind}`} {...line} />;
        const open = wall.open === true;
        const look = `map-wall map-wall--door${open ? ' map-wall--open' : ''}`;
        if (!onDoor) return <line key={wall.id} className={look} {...line} />;
        return (
          <g
            key={wall.id}
            className={look}
            role="button"
            tabIndex={0}
            aria-label={visionMessages.door(open)}
            onPointerDown={(event) => event.stopPropagation()}
            onClick={() => toggle(wall)}
            onKeyDown={(event: KeyboardEvent<SVGGElement>) => {
              if (event.key !== 'Enter' && event.key !== ' ') return;
              event.preventDefault();
              toggle(wall);
            }}
          >
            <line className="map-wall__hit" {...line} />
            <line {...line} />
          </g>
        );
      })}
    </svg>
  );
});
