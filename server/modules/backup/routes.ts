import type { FastifyPluginAsync } from 'fastify';
import { poolOf, type Db } from '../../db/client';
import { gzipLines } from '../../db/backup/backup-file';
import { writeBackup } from '../../db/backup/write-backup';
import { httpError } from '../../lib/errors';
import { isOperatorToken } from '../../lib/operator-token';
import type { TablePublic } from '../table/service';

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
 * no web account, an admin's included, reads whole.
 */
export const backupRoutes: FastifyPluginAsync<BackupRoutesOptions> = async (
  app,
  { db, table, backupToken },
) => {
  app.get('/operations/backup', async (request, reply) => {
    if (!backupToken)
      throw httpError(404, 'Les sauvegardes par le serveur ne sont pas activées (BACKUP_TOKEN).');
    if (!isOperatorToken(backupToken, request.headers.authorization)) {
      throw httpError(401, 'Jeton d’opérateur manquant ou invalide.');
    }
    // The commands answered before the backup began are in the log it reads, the journal's too.
    await table.flushAll();
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="shattered-realms-${stamp}.ndjson.gz"`)
      .header('cache-control', 'no-store')
      .send(gzipLines((write) => writeBackup(db, poolOf(db) ? 'postgres' : 'pglite', write)));
  });
};
