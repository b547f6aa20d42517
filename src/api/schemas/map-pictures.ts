import { z } from 'zod';
import { API_BASE } from '../paths';

/**
 * The picture of a map stored on the server, as the table shows it to each reader (decision 0032):
 * whole for the MJ, painted out where a player may not see.
 */

export const mapPictureMessages = {
  width: 'La largeur demandée doit être un nombre entier de pixels, entre 1 et 20 000.',
  notShown: 'Carte introuvable : elle n’est pas ouverte à la table.',
  notStored: 'Cette carte n’est pas une image stockée sur le serveur.',
} as const;

export const mapPictureParams = z.object({
  gameId: z.string().min(1).max(200),
  mapId: z.string().min(1).max(200),
});

/** `width`: the device pixels the map takes on the reader's screen; the server serves the next size up. */
export const mapPictureQuery = z.object({
  width: z.coerce
    .number({ error: mapPictureMessages.width })
    .int(mapPictureMessages.width)
    .min(1, mapPictureMessages.width)
    .max(20_000, mapPictureMessages.width),
});

export const mapPicturePath = (gameId: string, mapId: string, width: number) =>
  `${API_BASE}/game-data/${encodeURIComponent(gameId)}/maps/${encodeURIComponent(mapId)}/picture?width=${width}`;

/** The widths served: a screen's few sizes, so that players with screens alike share one render. */
export const MAP_PICTURE_WIDTHS = [
  256, 512, 768, 1024, 1280, 1536, 2048, 2560, 3072, 4096, 6144, 8192,
] as const;

/** The width served for the one asked: the next size up (the server caps it at the picture's own). */
export const mapPictureWidth = (asked: number): number =>
  MAP_PICTURE_WIDTHS.find((width) => width >= asked) ?? MAP_PICTURE_WIDTHS.at(-1)!;
