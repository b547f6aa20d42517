import {
  closeSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../../db/client';
import { appendRows } from '../../log/append';
import { headsOf } from '../../log/reads';
import { rowsOf, type EventRow, type LoggedEvent } from '../../log/rows';

/**
 * The sole writer's journal (docs/live-table.md "Journal"): each batch's events, appended to a local
 * file before they are emitted or acknowledged, so the log can take them a little later in larger
 * statements. Written means handed to the operating system: a killed process (SIGKILL, OOM) loses
 * nothing written, and the next start moves into the log whatever the journal holds beyond it
 * (`replayJournal`). Like the embedded PGlite it stands in front of, which runs with fsync off, it
 * survives a process crash, not an OS crash or a power cut.
 */
export interface Journal {
  /** Appends one batch, a JSON array of EventRow; returns its number once the operating system holds it. */
  write(rows: string): number;
  /** Every batch up to `batch` is in the log: the files holding only those can go. */
  release(batch: number): void;
  /** Everything written is in the log: the journal is emptied. */
  close(): void;
}

/** Where the sole writer of an embedded database keeps its journal: inside the database's own folder. */
export const tableJournalIn = (dataDir: string) => path.join(dataDir, 'table-journal');

/** A file is closed and a new one begun past this size, so released batches can be deleted. */
const SEGMENT_BYTES = 4 * 1024 * 1024;

const segmentName = (index: number) => `${String(index).padStart(10, '0')}.ndjson`;

function segmentsIn(directory: string): string[] {
  mkdirSync(directory, { recursive: true });
  return readdirSync(directory)
    .filter((name) => name.endsWith('.ndjson'))
    .sort()
    .map((name) => path.join(directory, name));
}

/** The system's write, a string or part of a buffer; returns the bytes it wrote. */
type Write = (fd: number, data: string | Buffer, offset?: number) => number;

export const writeToFile: Write = (fd, data, offset) =>
  typeof data === 'string' ? writeSync(fd, data) : writeSync(fd, data, offset);

/**
 * Opens the journal in `directory`; `replayJournal` must have emptied it first. `write` is the
 * system's, which tests make fall short or fail as a full disk would.
 */
export function openJournal(directory: string, write: Write = writeToFile): Journal {
  const leftover = segmentsIn(directory);
  if (leftover.length > 0) throw new Error(`table journal not replayed: ${leftover.join(', ')}`);
  let index = 0;
  let file = path.join(directory, segmentName(index));
  let fd = openSync(file, 'a');
  let bytes = 0;
  let written = 0;
  /** Closed files and the last batch each holds. */
  const closed: Array<{ file: string; last: number }> = [];

  return {
    write(rows) {
      const line = `${rows}\n`;
      let length: number;
      try {
        // The string goes as it is, without a Buffer of our own at every drop; writeSync returns
        // only what it wrote, and a short write would tear the line: its rest follows.
        const wrote = write(fd, line);
        length = Buffer.byteLength(line);
        if (wrote < length) {
          const rest = Buffer.from(line);
          for (let offset = wrote; offset < length;) offset += write(fd, rest, offset);
        }
      } catch (error) {
        // A full disk may leave part of the line: cut it, or the next line would be glued to it.
        ftruncateSync(fd, bytes);
        throw error;
      }
      written += 1;
      bytes += length;
      if (bytes >= SEGMENT_BYTES) {
        closeSync(fd);
        closed.push({ file, last: written });
        index += 1;
        file = path.join(directory, segmentName(index));
        fd = openSync(file, 'a');
        bytes = 0;
      }
      return written;
    },
    release(batch) {
      while (closed.length > 0 && closed[0]!.last <= batch) rmSync(closed.shift()!.file);
    },
    close() {
      closeSync(fd);
      for (const segment of [...closed.map((one) => one.file), file]) rmSync(segment, { force: true });
      closed.length = 0;
    },
  };
}

/** A journal entry as this version writes it, or as versions before it did (LoggedEvent). */
function rowOf(entry: EventRow | LoggedEvent): EventRow {
  return 'event' in entry ? rowsOf([entry])[0]! : entry;
}

/** The events a journal's files hold, in order; a line the crash cut short was never acknowledged. */
function readRows(files: readonly string[]): EventRow[] {
  const rows: EventRow[] = [];
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line === '') continue;
      let batch: Array<EventRow | LoggedEvent>;
      try {
        batch = JSON.parse(line) as Array<EventRow | LoggedEvent>;
      } catch {
        // Only the last line of a file can be torn, and its batch was neither emitted nor acked.
        continue;
      }
      for (const entry of batch) rows.push(rowOf(entry));
    }
  }
  return rows;
}

/**
 * Moves into the log what a journal left by a stopped or killed process holds beyond it, then
 * empties it. Each game's events continue its log exactly: those at or below its head are in
 * the log already, the others follow it without a hole. Returns the events appended.
 */
export async function replayJournal(db: Db, directory: string, log: FastifyBaseLogger): Promise<number> {
  const files = segmentsIn(directory);
  const byGame = new Map<string, EventRow[]>();
  for (const row of readRows(files)) {
    const rows = byGame.get(row.game_id) ?? [];
    rows.push(row);
    byGame.set(row.game_id, rows);
  }
  const heads = await headsOf(db, [...byGame.keys()]);
  const missing: EventRow[] = [];
  const lastSeqs = new Map<string, number>();
  for (const [gameId, rows] of byGame) {
    let head = heads.get(gameId) ?? 0;
    for (const row of rows.sort((a, b) => a.seq - b.seq)) {
      if (row.seq <= head) continue;
      if (row.seq !== head + 1) {
        log.error({ gameId, head, seq: row.seq }, 'table journal leaves a hole');
        break;
      }
      missing.push(row);
      head += 1;
      lastSeqs.set(gameId, head);
    }
  }
  if (missing.length > 0) await appendRows(db, JSON.stringify(missing), lastSeqs);
  for (const file of files) rmSync(file);
  return missing.length;
}
