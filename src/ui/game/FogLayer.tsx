import { memo, useId } from 'react';
import type { Point, Size } from '../../domain/geometry/geometry';
import type { FogShape, MapFog } from '../../domain/table/fog';

const toPx = (points: readonly Point[], map: Size) =>
  points.map((point) => `${(point.x / 100) * map.width},${(point.y / 100) * map.height}`).join(' ');

/** One shape in the mask, white where it covers, black where it reveals, in the map's pixels. */
export function FogShapePath({ shape, map, fill }: { shape: FogShape; map: Size; fill?: string }) {
  const colour = fill ?? (shape.mode === 'cover' ? 'white' : 'black');
  if (shape.kind === 'rect') {
    const [a, b] = shape.points as [Point, Point];
    const x = (Math.min(a.x, b.x) / 100) * map.width;
    const y = (Math.min(a.y, b.y) / 100) * map.height;
    const width = (Math.abs(a.x - b.x) / 100) * map.width;
    const height = (Math.abs(a.y - b.y) / 100) * map.height;
    return <rect x={x} y={y} width={width} height={height} fill={colour} />;
  }
  if (shape.kind === 'polygon')
    return <polygon points={toPx(shape.points, map)} fill={colour} fillRule="evenodd" />;
  const width = ((2 * (shape.radius ?? 0)) / 100) * map.width;
  return (
    <polyline
      // One point is a dot: a line from it to itself, drawn with round caps.
      points={toPx(shape.points.length === 1 ? [shape.points[0]!, shape.points[0]!] : shape.points, map)}
      fill="none"
      stroke={colour}
      strokeWidth={width}
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  );
}

/**
 * The map's fog over its picture: one rectangle through one SVG mask, the base and every shape in
 * the order they were drawn, so the last over a point decides as the server reckons it. Opaque for
 * the players; veiled for the MJ, who sees through it to what they hide.
 */
export const FogLayer = memo(function FogLayer({
  fog,
  map,
  veiled,
}: {
  fog: MapFog;
  map: Size;
  veiled: boolean;
}) {
  const id = useId();
  return (
    <svg
      className={veiled ? 'table-map__fog table-map__fog--veiled' : 'table-map__fog'}
      data-testid="map-fog"
      viewBox={`0 0 ${map.width} ${map.height}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <mask id={id} maskUnits="userSpaceOnUse" x={0} y={0} width={map.width} height={map.height}>
          <rect width={map.width} height={map.height} fill={fog.base === 'covered' ? 'white' : 'black'} />
          {fog.shapes.map((shape, index) => (
            <FogShapePath key={index} shape={shape} map={map} />
          ))}
        </mask>
      </defs>
      <rect width={map.width} height={map.height} mask={`url(#${id})`} />
    </svg>
  );
});
