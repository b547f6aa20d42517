import { access } from 'node:fs/promises';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { linesOfBackupFile } from '../db/backup/backup-file';
import { restoreBackup, RestoreError } from '../db/backup/restore-backup';
import { createLogger } from '../lib/logger';

/**
 * `npm run restore -- <fichier>`: a backup (decision 0038) into the empty database the
 * configuration names (`DATABASE_URL`, else the PGlite folder `DATA_DIR`), whichever kind it was
 * taken from. No server may run on it meanwhile; start one once it is done.
 */
async function main(args: string[]): Promise<number> {
  const [file] = args;
  if (!file) {
    console.error('Usage : npm run restore -- <fichier de sauvegarde>');
    return 2;
  }
  if (
    !(await access(file).then(
      () => true,
      () => false,
    ))
  ) {
    console.error(`${file} : fichier introuvable.`);
    return 1;
  }
  const config = loadConfig(process.env);
  const logger = createLogger(config);
  const started = performance.now();
  try {
    const manifest = await restoreBackup(linesOfBackupFile(file), (options) =>
      openDatabase(config, { ...options, logger }),
    );
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Restauré : ${rows.toLocaleString('fr-FR')} lignes dans ${manifest.tables.length} tables, ` +
        `sauvegarde du ${new Date(manifest.createdAt).toLocaleString('fr-FR', { timeZone: 'UTC' })} UTC, ` +
        `en ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof RestoreError)) throw error;
    console.error(error.message);
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
