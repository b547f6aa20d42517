import type { FastifyPluginAsync } from 'fastify';
import { poolOf, type Db } from '../../db/client';
import { gzipLines } from '../../db/backup/backup-file';
import { writeBackup } from '../../db/backup/write-backup';
import { httpError } from '../../lib/errors';
import { isOperatorToken } from '../../lib/operator-token';
import type { TablePublic } from '../table/service';
import { bytesResponse } from '../api-documents/openapi';

export interface BackupRoutesOptions {
  db: Db;
  table: Pick<TablePublic, 'flushAll'>;
  /** BACKUP_TOKEN: the operator's, not an admin's (decision 0038). */
  backupToken: string | undefined;
}

/**
 * `GET /operations/backup`: the whole database as a backup file, streamed while play goes on. It is
 * how `npm run backup` reads an embedded PGlite that this process holds alone. Only the operator's
 * token opens it: the file holds every account's password hash and every game's secrets, which
 * no web account, an admin's included, reads whole. Unset, no request gets one.
 */
export const backupRoutes: FastifyPluginAsync<BackupRoutesOptions> = async (
  app,
  { db, table, backupToken },
) => {
  app.get(
    '/operations/backup',
    {
      schema: {
        tags: ['Operations'],
        description:
          "The whole database as one backup file (gzip of JSON lines: a manifest, every table, checksums), read in one repeatable-read transaction while play goes on. `BACKUP_TOKEN` as the bearer; no web account, an admin's included.",
        response: { 200: bytesResponse('Backup file', ['application/gzip']) },
      },
    },
    async (request, reply) => {
      if (!isOperatorToken(backupToken, request.headers.authorization)) {
        // Anyone else is told what any route tells them: sign in (401), or not yours (403).
        await app.authenticate(request);
        throw httpError(403, 'La sauvegarde demande le jeton d’opérateur (BACKUP_TOKEN), pas un compte.');
      }
      // The commands answered before the backup began are in the log it reads, the journal's too.
      await table.flushAll();
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="shattered-realms-${stamp}.ndjson.gz"`)
        .header('cache-control', 'no-store')
        .send(gzipLines((write) => writeBackup(db, poolOf(db) ? 'postgres' : 'pglite', write)));
    },
  );
};
