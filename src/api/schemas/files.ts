import { z } from 'zod';
import { fileKinds, fileVariants, megabytes, tooLargeText, type FileVariant } from '../../domain/files';
import { API_BASE } from '../paths';

/** The wire contract of a game's stored files (decision 0026) and the refusals' French texts. */

const usedAs = { map: 'de la carte', monster: 'du monstre', character: 'du personnage' } as const;

export const fileMessages = {
  kind: 'Le type de fichier doit être carte, portrait, personnage, aide de jeu ou son.',
  empty: 'Le fichier est vide.',
  tooLarge: tooLargeText,
  quota: (quota: number) =>
    `Les fichiers de cette partie dépassent ${megabytes(quota)} : supprimez-en avant d’en ajouter.`,
  svg: 'Les images SVG ne sont pas acceptées : exportez-la en PNG, JPEG ou WebP.',
  unknownType:
    'Type de fichier non pris en charge : PNG, JPEG ou WebP pour une image, Ogg ou MP3 pour un son.',
  notAnImage: 'Ce fichier n’est pas une image : PNG, JPEG ou WebP attendu.',
  notAudio: 'Ce fichier n’est pas un son : Ogg ou MP3 attendu.',
  tooManyPixels: (width: number, height: number) =>
    `Image trop grande (${width} × ${height} pixels) : 100 mégapixels au plus.`,
  unreadable: 'Cette image est illisible ou endommagée.',
  hidden: 'Ce fichier contient autre chose que son image ou son son : il est refusé.',
  notFound: 'Fichier introuvable.',
  inUse: (user: { kind: 'map' | 'monster' | 'character'; name: string }) =>
    `Ce fichier est l’image ${usedAs[user.kind]} « ${user.name} » : changez-la avant de supprimer le fichier.`,
  inHandout: (title: string) =>
    `Ce fichier est l’image du document « ${title} » : supprimez le document avant le fichier.`,
  variantNotFound: 'Cette taille n’existe pas pour ce fichier.',
  range: 'Plage d’octets invalide.',
  streamForged: 'Ce lien d’écoute n’est pas valable.',
  streamExpired: 'Ce lien d’écoute a expiré : la page en demande un autre.',
  streamRevoked: 'Ce lien d’écoute n’est plus valable : reconnectez-vous à la partie.',
} as const;

export const fileKind = z.enum(fileKinds, { error: fileMessages.kind });

/** `name`: what the browser calls the file; the server keeps it cleaned (`storedFileName`). */
export const uploadQuery = z.object({ kind: fileKind, name: z.string().max(1000).optional() });
export const uploadParams = z.object({ gameId: z.string().min(1).max(200) });
export const fileParams = z.object({
  id: z.string().min(1).max(200),
  variant: z.enum(fileVariants, { error: fileMessages.variantNotFound }).optional(),
});

/** A file of a game, named in the game's own path. */
export const gameFileParams = uploadParams.extend({ id: z.string().min(1).max(200) });

/** `token`: who the link was given to, until when, signed by the server (decision 0040). */
export const streamQuery = z.object({ token: z.string().max(300) });

/**
 * Where an `<audio>` element reads a stored sound without the bearer, by ranges, until
 * `expiresAt` (an ISO date): then the page asks another.
 */
export const streamLink = z.object({ url: z.string(), expiresAt: z.string() });
export type StreamLink = z.infer<typeof streamLink>;

export const fileVariantView = z.object({
  name: z.enum(fileVariants),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

/** A stored file as the uploader and the game's MJ read it. */
export const storedFile = z.object({
  id: z.string(),
  gameId: z.string(),
  kind: fileKind,
  mime: z.string(),
  sha256: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  variants: z.array(fileVariantView),
  /** The name it was first uploaded under; null for a file stored before names were kept. */
  name: z.string().nullable(),
  /** Where it is read: `/files/{id}` under the API base. */
  path: z.string(),
  /** True when the same bytes were already stored for this game: nothing new was written. */
  existing: z.boolean(),
  createdAt: z.string(),
});
export type StoredFile = z.infer<typeof storedFile>;

/**
 * A game's files as its MJ manages them, with what they weigh against the game's quota: the
 * server's own sums, every stored size of every file counted, as an upload is refused by them.
 */
export const gameFiles = z.object({
  files: z.array(storedFile),
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive(),
});
export type GameFiles = z.infer<typeof gameFiles>;
export type StoredFileVariant = z.infer<typeof fileVariantView>;

/**
 * Where a stored file is read, and how a resource, a handout or a track names it in place of an
 * outside `https://` link: the same path, so one field holds either.
 */
export const storedFilePath = (id: string, variant?: FileVariant) =>
  `${API_BASE}/files/${id}${variant === undefined ? '' : `/${variant}`}`;

const storedPathPattern = new RegExp(`^${API_BASE}/files/([A-Za-z0-9_-]{1,200})$`);

/** The id of the stored file a link names, or null for an outside link (or anything else). */
export function storedFileIdOf(link: string): string | null {
  return storedPathPattern.exec(link)?.[1] ?? null;
}
