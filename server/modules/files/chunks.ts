import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fileChunks } from '../../db/schema/index';

/**
 * 256 KB: a map's full picture is a few dozen rows, a thumbnail one; a range of a sound reads
 * only the rows it covers, and no statement carries more than a few megabytes.
 */
export const CHUNK_SIZE = 256 * 1024;
/** Rows written or read per statement. */
const ROWS_PER_STATEMENT = 8;

/*
 * The bytes cross the driver as base64 text, decoded by the database: PGlite's own bytea
 * parameters and results are converted byte by byte in JavaScript, which took seconds for a map
 * (docs/benchmarks.md "uploads"); Buffer's base64 is native on both ends.
 */
export async function writeChunks(tx: Db, fileId: string, variant: string, bytes: Uint8Array): Promise<void> {
  const rows = [];
  for (let seq = 0; seq * CHUNK_SIZE < bytes.length; seq += 1) {
    const part = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(
      seq * CHUNK_SIZE,
      (seq + 1) * CHUNK_SIZE,
    );
    rows.push({ fileId, variant, seq, data: sql`decode(${part.toString('base64')}, 'base64')` });
  }
  for (let first = 0; first < rows.length; first += ROWS_PER_STATEMENT) {
    await tx.insert(fileChunks).values(rows.slice(first, first + ROWS_PER_STATEMENT));
  }
}

/** The bytes `start` to `end` (inclusive) of a stored variant, read a few rows at a time. */
export async function* readChunks(
  db: Db,
  fileId: string,
  variant: string,
  start: number,
  end: number,
): AsyncGenerator<Buffer> {
  const last = Math.floor(end / CHUNK_SIZE);
  for (let first = Math.floor(start / CHUNK_SIZE); first <= last; first += ROWS_PER_STATEMENT) {
    const rows = await db
      .select({ seq: fileChunks.seq, data: sql<string>`encode(${fileChunks.data}, 'base64')` })
      .from(fileChunks)
      .where(
        and(
          eq(fileChunks.fileId, fileId),
          eq(fileChunks.variant, variant),
          between(fileChunks.seq, first, Math.min(last, first + ROWS_PER_STATEMENT - 1)),
        ),
      )
      .orderBy(asc(fileChunks.seq));
    for (const { seq, data: base64 } of rows) {
      const data = Buffer.from(base64, 'base64');
      const offset = seq * CHUNK_SIZE;
      const from = Math.max(0, start - offset);
      const to = Math.min(data.length, end - offset + 1);
      yield data.subarray(from, to);
    }
  }
}
