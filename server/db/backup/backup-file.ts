import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createGunzip, createGzip } from 'node:zlib';
import type { LineSink } from './write-backup';

/** Lines are handed to gzip in pieces of about this much text: one write per row cost more than the rows. */
const PIECE = 64 * 1024;

/**
 * The lines `produce` writes, as a gzip stream, read as fast as its reader takes it. Gzip's
 * fastest level: the log's JSON shrinks about as much at 1 as at 6 and the stored files not at
 * all (decision 0038). A failure of `produce` fails the stream, so a reader never takes a
 * truncated backup for a whole one (the restore also finds its trailer missing).
 */
export function gzipLines(produce: (write: LineSink) => Promise<unknown>): Readable {
  const gzip = createGzip({ level: constants.Z_BEST_SPEED });
  let piece = '';
  const push = async () => {
    const full = gzip.write(piece);
    piece = '';
    if (!full) await once(gzip, 'drain');
  };
  const write: LineSink = async (line) => {
    piece += `${line}\n`;
    if (piece.length >= PIECE) await push();
  };
  produce(write)
    .then(async () => {
      if (piece) await push();
      gzip.end();
    })
    .catch((error: unknown) => gzip.destroy(error instanceof Error ? error : new Error(String(error))));
  return gzip;
}

/** Writes `stream` to `file` whole or not at all: under a draft name first, renamed once complete. */
export async function saveStream(stream: Readable, file: string): Promise<void> {
  const draft = `${file}.partiel`;
  try {
    await pipeline(stream, createWriteStream(draft, { flags: 'wx', mode: 0o600 }));
    await rename(draft, file);
  } catch (error) {
    await rm(draft, { force: true });
    throw error;
  }
}

/** A backup file's lines, one by one. */
export function linesOfBackupFile(file: string): AsyncIterator<string> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  return lines[Symbol.asyncIterator]();
}
