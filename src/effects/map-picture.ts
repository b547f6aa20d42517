import { readMapPicture } from '../api/map-pictures';

/**
 * A stored map's picture as the reader may see it, as an object URL for an `<img>` (which would send
 * no bearer). The caller revokes it once replaced; one that arrives after `signal` aborted is
 * revoked here and the call rejects.
 */
export async function mapPictureUrl(gameId: string, mapId: string, width: number, signal: AbortSignal) {
  const url = URL.createObjectURL(await readMapPicture(gameId, mapId, width, signal));
  if (signal.aborted) {
    URL.revokeObjectURL(url);
    throw signal.reason;
  }
  return url;
}
