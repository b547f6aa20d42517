import { useCallback, type CSSProperties } from 'react';
import { historyPicturePath } from '../../api/schemas/history';
import { mapPictureWidth } from '../../api/schemas/map-pictures';
import { fogOf, tokenInFog } from '../../domain/table/fog';
import { gridOf } from '../../domain/table/records';
import { shownMap, tokensOn } from '../../domain/table/shown-map';
import { cellOf } from '../../domain/table/spoken';
import type { TableRole, TableState } from '../../domain/table/types';
import { managesTable } from '../../domain/table/visibility';
import { usePictureSource } from '../components/use-picture-source';
import { FogLayer } from '../game/FogLayer';
import { GridLayer } from '../game/GridLayer';
import { MapTokenView } from '../game/MapToken';
import { SightLayer } from '../game/SightLayer';
import { playingOn } from '../game/table-view';
import { isPaintedOut, usePaintedPicture } from '../game/use-masked-picture';
import { replayTexts as texts } from './messages';
import { useFitScale } from './use-fit-scale';

/**
 * The map at the replayed point, drawn with the table's own layers and tokens but none of its
 * gestures: nothing here is pressed, dragged or opened. A player's copy already holds only what they
 * saw; the map the MJ looked at is `masterMap`, which a player's copy sets to theirs.
 */
export function ReplayMap({ gameId, table, role }: { gameId: string; table: TableState; role: TableRole }) {
  const map = shownMap(table, 'mj');
  const masked = isPaintedOut({ gameId, map, role });
  const linked = usePictureSource(masked ? null : map?.link, 'full');
  const { frame, scale } = useFitScale(map);
  const width =
    map && scale > 0 ? mapPictureWidth(Math.ceil(map.width * scale * window.devicePixelRatio)) : 0;
  const pathOf = useCallback(
    (mapId: string, asked: number, seq: number) => historyPicturePath(gameId, mapId, seq, asked),
    [gameId],
  );
  // A player's picture of a stored map is painted out by the server as their copy hid it at the point.
  const painted = usePaintedPicture({ masked, map, table, width, pathOf });
  const picture = masked ? painted : linked;
  // The frame is drawn even without a map, so the scale follows it from its first render.
  if (!map)
    return (
      <div ref={frame} className="replay-map">
        <p className="replay-panel__empty">{texts.noMap}</p>
      </div>
    );
  const grid = gridOf(table, map.name);
  const fog = fogOf(table, map.name);
  const sight = table.sight?.map === map.name ? table.sight : undefined;
  const playing = playingOn(table, map);
  return (
    <div ref={frame} className="replay-map" role="group" aria-label={`${texts.map}\u00a0: ${map.name}`}>
      <div
        className="replay-map__board"
        style={
          {
            width: map.width,
            height: map.height,
            transform: `scale(${scale})`,
            '--cell-px': `${grid.cellPx}px`,
            '--map-zoom': scale,
          } as CSSProperties
        }
      >
        {picture && <img className="table-map__image" src={picture} alt="" draggable={false} />}
        <GridLayer grid={grid} map={map} />
        {fog && <FogLayer fog={fog} map={map} veiled={managesTable({ role })} />}
        {sight && <SightLayer polygons={sight.polygons} explored={sight.explored} grid={grid} map={map} />}
        {tokensOn(table, map).map((token) => (
          <MapTokenView
            key={token.usableId}
            token={token}
            x={token.x}
            y={token.y}
            controllable={false}
            dragging={false}
            remote={false}
            playing={token.usableId === playing}
            fogged={fog !== undefined && tokenInFog(table, map.name, token)}
            place={cellOf(token, map, grid)}
          />
        ))}
      </div>
    </div>
  );
}
