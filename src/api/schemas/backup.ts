import { z } from 'zod';

/**
 * A backup file (decision 0038): gzip of JSON lines. The first line is this manifest, then each
 * table's rows in the manifest's order (as many lines as it says, each the row as
 * PostgreSQL's `row_to_json` wrote it), then the trailer with each table's SHA-256 over its lines.
 */
export const BACKUP_FORMAT = 'shattered-realms/sauvegarde@1';

export const backupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.string(),
  /** Where it was read from: 'pglite' or 'postgres'. */
  source: z.enum(['pglite', 'postgres']),
  /** The last migration the database had: the restore brings an empty one to it first. */
  migration: z.object({ tag: z.string(), hash: z.string(), createdAt: z.number() }),
  tables: z.array(z.object({ name: z.string(), rows: z.number().int().min(0) })),
});
export type BackupManifest = z.infer<typeof backupManifest>;

export const backupTrailer = z.object({
  checksums: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)),
});
export type BackupTrailer = z.infer<typeof backupTrailer>;
