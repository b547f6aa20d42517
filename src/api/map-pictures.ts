import { authorizedFetch } from './request';

/**
 * A stored map's picture as the table shows it to the reader (decision 0032), read with the bearer:
 * `path` is the live table's (`mapPicturePath`) or a replayed point's (`historyPicturePath`).
 */
export async function readMapPicture(path: string, signal?: AbortSignal) {
  const response = await authorizedFetch(path, signal);
  return response.blob();
}
