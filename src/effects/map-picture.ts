import { readMapPicture } from '../api/map-pictures';

/**
 * A stored map's picture as the reader may see it, at the table or at a replayed point (`path`), as
 * an object URL for an `<img>` (which would send no bearer). The caller revokes it once replaced;
 * one that arrives after `signal` aborted is revoked here and the call rejects.
 */
export async function mapPictureUrl(path: string, signal: AbortSignal) {
  const url = URL.createObjectURL(await readMapPicture(path, signal));
  if (signal.aborted) {
    URL.revokeObjectURL(url);
    throw signal.reason;
  }
  return url;
}
