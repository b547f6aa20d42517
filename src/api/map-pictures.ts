import { mapPicturePath } from './schemas/map-pictures';
import { authorizedFetch } from './request';

/** A stored map's picture as the table shows it to the reader (decision 0032), read with the bearer. */
export async function readMapPicture(gameId: string, mapId: string, width: number, signal?: AbortSignal) {
  const response = await authorizedFetch(mapPicturePath(gameId, mapId, width), signal);
  return response.blob();
}
