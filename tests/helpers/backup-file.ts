import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import {
  backupManifest,
  backupTrailer,
  type BackupManifest,
  type BackupTrailer,
} from '../../src/api/schemas/backup';
import { linesOfBackupFile, saveStream } from '../../server/db/backup/backup-file';

/** Asks a running server for its backup (GET /operations/backup) and saves it in `file`. */
export async function downloadBackup(baseUrl: string, token: string, file: string): Promise<void> {
  const response = await fetch(`${baseUrl}/operations/backup`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok || !response.body) throw new Error(`backup: ${response.status} ${await response.text()}`);
  await saveStream(Readable.fromWeb(response.body as ReadableStream<Uint8Array>), file);
}

/** A backup file read whole: its manifest, each table's rows (parsed) and its trailer. */
export async function readBackup(file: string): Promise<{
  manifest: BackupManifest;
  rows: Map<string, Record<string, unknown>[]>;
  trailer: BackupTrailer;
}> {
  const lines: string[] = [];
  const iterator = linesOfBackupFile(file);
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) lines.push(next.value);
  const manifest = backupManifest.parse(JSON.parse(lines.shift()!));
  const rows = new Map<string, Record<string, unknown>[]>();
  for (const { name, rows: count } of manifest.tables) {
    rows.set(
      name,
      lines.splice(0, count).map((line) => JSON.parse(line) as Record<string, unknown>),
    );
  }
  return { manifest, rows, trailer: backupTrailer.parse(JSON.parse(lines.shift()!)) };
}
