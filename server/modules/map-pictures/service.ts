import { createHash } from 'node:crypto';
import type { Size } from '#shared/domain/geometry/geometry';
import type { MapRef, TableActor, TableState } from '#shared/domain/table/types';
import { managesTable } from '#shared/domain/table/visibility';
import { paintOver, visibleAreaOf, type VisibleArea } from '#shared/domain/table/visible-area';
import { storedFileIdOf } from '#shared/wire/files';
import { mapPictureMessages, mapPictureWidth } from '#shared/wire/map-pictures';
import { httpError } from '../../lib/errors';
import { oneAtATime } from '../../lib/one-at-a-time';
import type { AuthUser } from '../auth/access';
import type { FilesService, StoredPicture } from '../files/service';
import { servedBytesCache } from '../files/served-bytes';
import type { TableService } from '../table/service';
import { decodeAt, dimmedOf, renderPainted, type DecodedPicture } from './render';

/** Renders kept: a table's maps at a few widths, for the areas its players saw last. */
const RENDERS_KEPT = 96 * 1024 * 1024;
/**
 * Decoded pictures kept (raw RGB), and their dimmed twins for maps with remembered cells: a
 * 2048 × 2048 map is 12 MB, a 4,000 px one 48 MB (twice with its twin); one at 8192 px is never kept.
 */
const DECODED_KEPT = 192 * 1024 * 1024;
const LARGEST_DECODED_KEPT = 64 * 1024 * 1024;

/** A picture ready to serve: its ETag names what it shows, so it is known before it is drawn. */
export interface MapPicture {
  etag: string;
  render(): Promise<Buffer>;
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The table's map pictures as each reader may see them (decision 0032): the MJ's and admins' whole,
 * a player's painted out where the fog or their sight hides. A render is keyed by the picture, the
 * width served and the paint's own text, so players who see the same area share one, and a move
 * that does not change what a player sees draws nothing.
 */
export function createMapPicturesService({
  table,
  files,
}: {
  table: Pick<TableService, 'actorOf' | 'view'>;
  files: Pick<FilesService, 'pictureOf' | 'wholeBytes'>;
}) {
  // libvips spreads one picture over every core already: two renders at once would only share them.
  const oneRenderAtATime = oneAtATime();
  const rendered = servedBytesCache(RENDERS_KEPT, RENDERS_KEPT / 4);
  const decoded = servedBytesCache(DECODED_KEPT, LARGEST_DECODED_KEPT);
  /** Renders under way, by key: the six players a fog change concerns wait for one. */
  const drawing = new Map<string, Promise<Buffer>>();

  async function decodedAt(
    picture: StoredPicture,
    out: Size,
    area: VisibleArea | null,
  ): Promise<DecodedPicture> {
    // The phone size decodes in a fraction of the time, when it is as large as the width served.
    const source = picture.phone?.width && picture.phone.width >= out.width ? picture.phone : picture.full;
    const key = `${picture.fileId}/${source.name}/${out.width}x${out.height}`;
    const bytes = out.width * out.height * 3;
    const pixels = await decoded.read(key, bytes, async () => {
      const stored = await files.wholeBytes(picture, source);
      return (await decodeAt(stored, out)).pixels;
    });
    const decodedPicture = { pixels, ...out };
    // Only a sight with a memory has remembered cells to show dimmed.
    if (!area?.sight || area.remembered === null) return decodedPicture;
    const dimmed = await decoded.read(`${key}/dimmed`, bytes, async () => dimmedOf(decodedPicture));
    return { ...decodedPicture, dimmed };
  }

  function draw(key: string, picture: StoredPicture, out: Size, area: VisibleArea | null, map: Size) {
    const under = drawing.get(key);
    if (under) return under;
    const render = rendered
      .read(key, 0, () =>
        oneRenderAtATime(async () => renderPainted(await decodedAt(picture, out, area), area, map)),
      )
      .finally(() => drawing.delete(key));
    drawing.set(key, render);
    return render;
  }

  /**
   * The picture of the map `mapId` as `copy` (the actor's view of the table) shows it: 404 for a
   * map not open in it or not stored on the server.
   */
  async function pictureIn(
    gameId: string,
    actor: TableActor,
    copy: TableState,
    mapId: string,
    askedWidth: number,
  ): Promise<MapPicture> {
    const manager = managesTable(actor);
    const map = [copy.currentMap, ...(manager ? [copy.masterMap] : [])].find(
      (open): open is MapRef => open?.id === mapId,
    );
    if (!map) throw httpError(404, mapPictureMessages.notShown);
    const fileId = storedFileIdOf(map.link);
    const picture = fileId === null ? null : await files.pictureOf(gameId, fileId);
    if (!picture) throw httpError(404, mapPictureMessages.notStored);

    const visible = manager ? null : (visibleAreaOf(copy)?.area ?? null);
    const paint = visible === null ? null : paintOver(visible, map);
    // No paint: the reader sees the whole map, and the picture is drawn as it is.
    const hidden = paint === null ? null : visible;
    const width = Math.min(mapPictureWidth(askedWidth), picture.full.width);
    const out = {
      width,
      height: Math.max(1, Math.round((picture.full.height * width) / picture.full.width)),
    };
    // The paint is drawn in the map's space: the same text over a map measured otherwise is another picture.
    const area = paint === null ? 'whole' : digest(`${map.width}x${map.height}:${paint}`).slice(0, 32);
    const key = `${picture.sha256.slice(0, 16)}-${width}-${area}`;
    return { etag: `"${key}"`, render: () => draw(key, picture, out, hidden, map) };
  }

  return {
    /**
     * The picture of the map `mapId` for this member at the live table, `askedWidth` device pixels
     * wide: 403 for someone without a seat, 404 for a map not open to them or not stored on the server.
     */
    async pictureFor(user: AuthUser, gameId: string, mapId: string, askedWidth: number): Promise<MapPicture> {
      const actor = await table.actorOf(gameId, user);
      return pictureIn(gameId, actor, await table.view(gameId, actor), mapId, askedWidth);
    },
    /** The same picture for another view of the table: a replayed point, as the actor saw it then. */
    pictureIn,
  };
}

export type MapPicturesService = ReturnType<typeof createMapPicturesService>;
