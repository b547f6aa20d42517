import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { storedFileIdOf } from '../../api/schemas/files';
import { mapPicturePath, mapPictureWidth } from '../../api/schemas/map-pictures';
import type { MapRef, TableRole, TableState } from '../../domain/table/types';
import { managesTable } from '../../domain/table/visibility';
import { paintOver, visibleAreaOf } from '../../domain/table/visible-area';
import { mapPictureUrl } from '../../effects/map-picture';
import type { MapViewportActor } from './use-map-viewport';

/** A fog stroke or a step arrives as a burst of events: one picture asked for once they settle. */
const SETTLE_MS = 150;

/** Whether the reader is shown the map painted out by the server: a player, on a stored map. */
export function isPaintedOut({
  gameId,
  map,
  role,
}: {
  gameId: string | undefined;
  map: MapRef | null;
  role: TableRole;
}): boolean {
  return gameId !== undefined && map !== null && storedFileIdOf(map.link) !== null && !managesTable({ role });
}

/**
 * The picture a player is shown of a map stored on the server (decision 0032): the server's, with
 * what they may not see painted out, asked again when what they see changes (the paint their copy
 * describes) and as large as the map shows on their screen, in device pixels. The last picture
 * stays until the next one arrives; the fog and sight drawn over it cover at once what a step hides.
 * The MJ, and a map given as an outside link, get nothing here: they are shown the map's own picture.
 */
export function useMaskedPicture({
  gameId,
  map,
  table,
  role,
  viewport,
}: {
  /** Without it (a benchmark, a preview) the map's link is shown. */
  gameId: string | undefined;
  map: MapRef | null;
  table: TableState;
  role: TableRole;
  viewport: MapViewportActor;
}): string | undefined {
  const masked = isPaintedOut({ gameId, map, role });
  const mapWidth = map?.width ?? 0;
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!masked) return;
    // Only ever larger: zooming out keeps the sharper picture rather than asking for a smaller one.
    const fit = (scale: number) =>
      setWidth((shown) =>
        Math.max(shown, mapPictureWidth(Math.ceil(mapWidth * scale * window.devicePixelRatio))),
      );
    fit(viewport.getSnapshot().context.view.scale);
    const watching = viewport.subscribe((snapshot) => fit(snapshot.context.view.scale));
    return () => watching.unsubscribe();
  }, [masked, viewport, mapWidth]);
  const pathOf = useCallback(
    (mapId: string, asked: number) => mapPicturePath(gameId ?? '', mapId, asked),
    [gameId],
  );
  return usePaintedPicture({ masked, map, table, width, pathOf });
}

/**
 * A painted picture read from `pathOf` once the paint `table` describes on `map` settles, `width`
 * device pixels wide, with the seq the table had then (a replay asks for that point's picture).
 * The last picture stays until the next one arrives.
 */
export function usePaintedPicture({
  masked,
  map,
  table,
  width,
  pathOf,
}: {
  masked: boolean;
  map: MapRef | null;
  table: TableState;
  width: number;
  pathOf: (mapId: string, width: number, seq: number) => string;
}): string | undefined {
  const paint = useMemo(() => {
    if (!masked) return null;
    const visible = visibleAreaOf({
      currentMap: table.currentMap,
      fogs: table.fogs,
      sight: table.sight,
      grids: table.grids,
    });
    return visible && map ? (paintOver(visible.area, map) ?? '') : '';
  }, [masked, map, table.currentMap, table.fogs, table.sight, table.grids]);
  // Read when the paint settles: events that change nothing seen never ask for another picture.
  const seqNow = useEffectEvent(() => table.lastSeq);
  const [settled, setSettled] = useState(() => (paint === null ? null : { paint, seq: table.lastSeq }));
  useEffect(() => {
    const timer = setTimeout(() => setSettled(paint === null ? null : { paint, seq: seqNow() }), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [paint]);

  const [shown, setShown] = useState<{ mapId: string; url: string } | null>(null);
  const mapId = map?.id;
  useEffect(() => {
    if (!masked || mapId === undefined || width === 0 || settled === null) return;
    const asking = new AbortController();
    void (async () => {
      try {
        setShown({ mapId, url: await mapPictureUrl(pathOf(mapId, width, settled.seq), asking.signal) });
      } catch {
        // The picture shown stays; the next change asks again.
      }
    })();
    return () => asking.abort();
  }, [masked, mapId, width, settled, pathOf]);
  useEffect(() => {
    if (!shown) return;
    const { url } = shown;
    // Once the next picture is on screen: the one it replaced is no longer needed.
    return () => URL.revokeObjectURL(url);
  }, [shown]);

  if (!masked) return undefined;
  return shown !== null && shown.mapId === mapId ? shown.url : undefined;
}
