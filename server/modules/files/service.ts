import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  familyOfKind,
  fileSizeCaps,
  sniffFileType,
  storedFileName,
  type FileKind,
  type FileVariant,
} from '#shared/domain/files';
import { API_BASE } from '#shared/paths';
import {
  fileMessages,
  storedFileIdOf,
  storedFilePath,
  type GameFiles,
  type StoredFile,
  type StreamLink,
} from '#shared/wire/files';
import { writeStampOf, type Db } from '../../db/client';
import { fileChunks, files, games, type FileRow, type FileVariantRow } from '../../db/schema/index';
import { httpError } from '../../lib/errors';
import { oneAtATime } from '../../lib/one-at-a-time';
import type { AuthUser } from '../auth/access';
import { acceptedPlayerCondition, gameAccessMessages, seatOf, type GameAccess } from '../games/access';
import { readChunks, writeChunks } from './chunks';
import { hasHiddenContent } from './hidden-content';
import { makeImageVariants } from './images';
import { firstHandoutOf, firstPictureUser } from './named-by';
import { mayReadFile, type HandoutFileShown } from './read-access';
import { servedBytesCache } from './served-bytes';
import type { StreamLinks } from './stream-links';
import { unchangedReads } from './unchanged-reads';

/** A table's maps, portraits and thumbnails; a sound or a larger map is read from the database by ranges. */
const SERVED_BYTES_KEPT = 64 * 1024 * 1024;
const LARGEST_KEPT = 4 * 1024 * 1024;
/** Who may read which file, kept while the database is unchanged: a table's players and files. */
const READINGS_KEPT = 10_000;

const isUuid = (value: string) => z.guid().safeParse(value).success;

/** What a file is served as: its row's variant and where its bytes are. */
export interface ServedVariant {
  fileId: string;
  sha256: string;
  variant: FileVariantRow;
  /** The name it was uploaded under, if kept. */
  name: string | null;
}

/** A stored picture's sizes, for the server's own renders. */
export interface StoredPicture {
  fileId: string;
  sha256: string;
  full: FileVariantRow & { width: number; height: number };
  phone: FileVariantRow | undefined;
}

function view(row: FileRow, existing: boolean): StoredFile {
  return {
    id: row.id,
    gameId: row.gameId,
    kind: row.kind as FileKind,
    mime: row.mime,
    sha256: row.sha256,
    size: row.size,
    width: row.width,
    height: row.height,
    variants: row.variants,
    name: row.originalName,
    path: `${API_BASE}/files/${row.id}`,
    existing,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Reads an upload's body up to its kind's cap: past it the rest is never read (413), so a client
 * announcing or sending gigabytes costs at most the cap in memory.
 */
async function readCapped(body: AsyncIterable<Uint8Array>, kind: FileKind, declared: number | undefined) {
  const cap = fileSizeCaps[kind];
  if (declared !== undefined && declared > cap) throw httpError(413, fileMessages.tooLarge(kind, cap));
  const parts: Uint8Array[] = [];
  let length = 0;
  for await (const part of body) {
    length += part.length;
    if (length > cap) throw httpError(413, fileMessages.tooLarge(kind, cap));
    parts.push(part);
  }
  if (length === 0) throw httpError(400, fileMessages.empty);
  return Buffer.concat(parts, length);
}

/** The variants to store: a picture's re-encoded sizes, a sound's bytes as received. */
async function variantsOf(bytes: Buffer, kind: FileKind, process: <T>(work: () => Promise<T>) => Promise<T>) {
  const sniffed = sniffFileType(bytes);
  if (sniffed.family === 'svg') throw httpError(415, fileMessages.svg);
  if (sniffed.family === 'unknown') throw httpError(415, fileMessages.unknownType);
  const wanted = familyOfKind[kind];
  if (sniffed.family !== wanted) {
    throw httpError(415, wanted === 'image' ? fileMessages.notAnImage : fileMessages.notAudio);
  }
  if (hasHiddenContent(bytes, sniffed.mime)) throw httpError(400, fileMessages.hidden);
  if (sniffed.family === 'audio') {
    const original = { name: 'original' as const, mime: sniffed.mime, bytes, width: null, height: null };
    return { mime: sniffed.mime, width: null, height: null, variants: [original] };
  }
  const mime = sniffed.mime;
  const made = await process(() => makeImageVariants(bytes, mime));
  return { mime: made.variants.find((variant) => variant.name === 'full')!.mime, ...made };
}

/**
 * A game's files (decision 0026): the MJ uploads, the server reads the type from the bytes,
 * re-encodes pictures, stores them by content in the shared database and serves them to whoever
 * may read them.
 */
export function createFilesService({
  db,
  gameAccess,
  handoutShown,
  quotaBytes,
  links,
  sessionUser,
}: {
  db: Db;
  gameAccess: GameAccess;
  /** Signs and checks the links a sound is streamed from (decision 0040). */
  links: StreamLinks;
  /** The user of a live session as they are now; throws when the session is over. */
  sessionUser: (sid: string, userId: string) => Promise<AuthUser>;
  /** Whether a handout naming a file is shown to a player now: their only way to read it. */
  handoutShown: HandoutFileShown;
  /** What all of a game's files may weigh together, every variant counted (`FILES_QUOTA_MB`). */
  quotaBytes: number;
}) {
  // libvips spreads one picture over every core: two at once would only share them, with twice the memory.
  const oneImageAtATime = oneAtATime();
  const recentlyServed = servedBytesCache(SERVED_BYTES_KEPT, LARGEST_KEPT);

  /**
   * A file with what decides whether the user reads it: their seat, and a handout shown to them.
   * Prepared: PostgreSQL plans it once per connection, and it is read on every request there.
   */
  const reading = db
    .select({
      id: files.id,
      gameId: files.gameId,
      kind: files.kind,
      sha256: files.sha256,
      variants: files.variants,
      originalName: files.originalName,
      mjUserId: games.mjUserId,
      accepted: acceptedPlayerCondition(files.gameId, sql.placeholder('userId')),
      handoutShown: sql<boolean>`${files.kind} = 'handout' and ${handoutShown(files.id, sql.placeholder('userId'))}`,
    })
    .from(files)
    .innerJoin(games, eq(games.id, files.gameId))
    .where(eq(files.id, sql.placeholder('fileId')))
    .prepare('file_reading');
  const readings = unchangedReads<Awaited<ReturnType<typeof reading.execute>>[number] | undefined>(
    writeStampOf(db),
    READINGS_KEPT,
  );

  type FileReading = NonNullable<Awaited<ReturnType<typeof reading.execute>>[number]>;

  /**
   * A file with the user's seat and whether a handout naming it is shown to them, read in one
   * statement and kept only while the database has not changed since (on PGlite, its sole writer
   * being this process), so a kick or a handout taken back holds at once.
   */
  async function fileReading(user: AuthUser, fileId: string): Promise<FileReading> {
    if (!isUuid(fileId)) throw httpError(404, fileMessages.notFound);
    const row = await readings.read(`${user.id}/${fileId}`, async () => {
      const [found] = await reading.execute({ userId: user.id, fileId });
      return found;
    });
    if (!row) throw httpError(404, fileMessages.notFound);
    return row;
  }

  async function readableBy(user: AuthUser, row: FileReading): Promise<FileReading> {
    const role = await seatOf(row.mjUserId, user, () => row.accepted);
    if (role === null) throw httpError(403, gameAccessMessages.forbidden);
    if (!mayReadFile(role, row.kind, row.handoutShown)) throw httpError(404, fileMessages.notFound);
    return row;
  }

  /** The variant asked for: a picture's full size, a sound's bytes by default. */
  function variantOf(row: FileReading, name: FileVariant | undefined): ServedVariant {
    const wanted = name ?? (row.kind === 'audio' ? 'original' : 'full');
    const variant = row.variants.find((candidate) => candidate.name === wanted);
    if (!variant) throw httpError(404, fileMessages.variantNotFound);
    return { fileId: row.id, sha256: row.sha256, variant, name: row.originalName };
  }

  async function findFile(fileId: string): Promise<FileRow> {
    if (!isUuid(fileId)) throw httpError(404, fileMessages.notFound);
    const [row] = await db.select().from(files).where(eq(files.id, fileId));
    if (!row) throw httpError(404, fileMessages.notFound);
    return row;
  }

  async function findByContent(tx: Db, gameId: string, kind: FileKind, sha256: string) {
    const [row] = await tx
      .select()
      .from(files)
      .where(and(eq(files.gameId, gameId), eq(files.kind, kind), eq(files.sha256, sha256)));
    return row;
  }

  /** What a game's files weigh together against its quota, every variant counted. */
  async function usedBytesOf(tx: Db, gameId: string): Promise<number> {
    const [used] = await tx
      .select({ bytes: sql<string>`coalesce(sum(${files.storedBytes}), 0)` })
      .from(files)
      .where(eq(files.gameId, gameId));
    return Number(used?.bytes ?? 0);
  }

  async function readWhole(fileId: string, variant: FileVariantRow): Promise<Buffer> {
    const parts = [];
    for await (const part of readChunks(db, fileId, variant.name, 0, variant.size - 1)) parts.push(part);
    return Buffer.concat(parts);
  }

  /**
   * A variant's whole bytes, kept in memory when small. Kept by content: the variants of the same
   * bytes received are the same bytes (the ETag says so already), whichever game's copy is asked.
   */
  function wholeBytes(file: { fileId: string; sha256: string }, variant: FileVariantRow): Promise<Buffer> {
    if (variant.size > LARGEST_KEPT) return readWhole(file.fileId, variant);
    return recentlyServed.read(`${file.sha256}/${variant.name}`, variant.size, () =>
      readWhole(file.fileId, variant),
    );
  }

  return {
    async upload(
      user: AuthUser,
      gameId: string,
      kind: FileKind,
      body: AsyncIterable<Uint8Array>,
      declaredLength: number | undefined,
      name: string | undefined,
    ): Promise<StoredFile> {
      await gameAccess.requireGameMaster(gameId, user.id);
      const bytes = await readCapped(body, kind, declaredLength);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const known = await findByContent(db, gameId, kind, sha256);
      if (known) return view(known, true);

      const made = await variantsOf(bytes, kind, oneImageAtATime);
      const storedBytes = made.variants.reduce((sum, variant) => sum + variant.bytes.length, 0);
      return db.transaction(async (tx) => {
        // Held so that two uploads at once count one after the other against the quota.
        await tx.select({ id: games.id }).from(games).where(eq(games.id, gameId)).for('no key update');
        const again = await findByContent(tx, gameId, kind, sha256);
        if (again) return view(again, true);
        if ((await usedBytesOf(tx, gameId)) + storedBytes > quotaBytes) {
          throw httpError(409, fileMessages.quota(quotaBytes));
        }
        const [row] = await tx
          .insert(files)
          .values({
            gameId,
            kind,
            sha256,
            mime: made.mime,
            size: bytes.length,
            width: made.width,
            height: made.height,
            variants: made.variants.map(({ bytes: stored, ...variant }) => ({
              ...variant,
              size: stored.length,
            })),
            storedBytes,
            // The same bytes sent again under another name answer this row: the first name stays.
            originalName: name === undefined ? null : storedFileName(name),
            createdBy: user.id,
          })
          .returning();
        for (const variant of made.variants) await writeChunks(tx, row!.id, variant.name, variant.bytes);
        return view(row!, false);
      });
    },

    async list(user: AuthUser, gameId: string): Promise<GameFiles> {
      await gameAccess.requireGameMaster(gameId, user.id);
      const rows = await db
        .select()
        .from(files)
        .where(eq(files.gameId, gameId))
        .orderBy(asc(files.createdAt));
      const usedBytes = rows.reduce((sum, row) => sum + row.storedBytes, 0);
      return { files: rows.map((row) => view(row, true)), usedBytes, quotaBytes };
    },

    async remove(user: AuthUser, gameId: string, fileId: string): Promise<void> {
      await gameAccess.requireGameMaster(gameId, user.id);
      const row = await findFile(fileId);
      if (row.gameId !== gameId) throw httpError(404, fileMessages.notFound);
      const shownBy = await firstPictureUser(db, gameId, view(row, true).path);
      if (shownBy) throw httpError(409, fileMessages.inUse(shownBy));
      const handout = await firstHandoutOf(db, fileId);
      if (handout !== null) throw httpError(409, fileMessages.inHandout(handout));
      await db.delete(files).where(eq(files.id, fileId));
    },

    /** The variant asked for, once the user may read it. */
    async variantFor(user: AuthUser, fileId: string, name: FileVariant | undefined): Promise<ServedVariant> {
      return variantOf(await readableBy(user, await fileReading(user, fileId)), name);
    },

    /**
     * A link that plays a sound of the game without the bearer, for the user and their session
     * (decision 0040); only sounds, which the whole table hears, are streamed.
     */
    async streamUrl(user: AuthUser, gameId: string, fileId: string, now: number): Promise<StreamLink> {
      const row = await fileReading(user, fileId);
      if (row.gameId !== gameId || row.kind !== 'audio') throw httpError(404, fileMessages.notFound);
      await readableBy(user, row);
      const { token, expiresAt } = links.issue(row.id, user.id, user.sid, now);
      return {
        url: `${API_BASE}/files/${row.id}/stream?token=${encodeURIComponent(token)}`,
        expiresAt: new Date(expiresAt).toISOString(),
      };
    },

    /**
     * The sound a stream link opens, asked again of the rules as they are now: a session since
     * closed or a seat since lost closes the link with them.
     */
    async streamed(
      fileId: string,
      token: string,
      now: number,
    ): Promise<ServedVariant & { expiresAt: number }> {
      const holder = links.verify(fileId, token, now);
      const user = await sessionUser(holder.sid, holder.userId).catch(() => {
        throw httpError(403, fileMessages.streamRevoked);
      });
      const row = await fileReading(user, fileId);
      if (row.kind !== 'audio') throw httpError(404, fileMessages.notFound);
      return { ...variantOf(await readableBy(user, row), 'original'), expiresAt: holder.expiresAt };
    },

    /**
     * The bytes `start` to `end` (inclusive) of a served variant: a slice of its kept copy, or a
     * large one's chunks streamed from the database as they are read.
     */
    async body(served: ServedVariant, start: number, end: number): Promise<Buffer | Readable> {
      const { fileId, variant } = served;
      if (variant.size > LARGEST_KEPT) return Readable.from(readChunks(db, fileId, variant.name, start, end));
      return (await wholeBytes(served, variant)).subarray(start, end + 1);
    },

    /**
     * A game's stored picture for a render of the server's own (decision 0032): who may see what of
     * it is the caller's to decide. null when the game holds no picture under that id.
     */
    async pictureOf(gameId: string, fileId: string): Promise<StoredPicture | null> {
      if (!isUuid(fileId)) return null;
      const [row] = await db
        .select()
        .from(files)
        .where(and(eq(files.id, fileId), eq(files.gameId, gameId)));
      const full = row?.variants.find((variant) => variant.name === 'full');
      if (!row || !full?.width || !full.height) return null;
      const phone = row.variants.find((variant) => variant.name === 'phone');
      return {
        fileId: row.id,
        sha256: row.sha256,
        full: { ...full, width: full.width, height: full.height },
        phone,
      };
    },

    /**
     * The link of a picture as the game `gameId` may name it (decision 0028): a stored file of
     * another game is copied into this one (rows and chunks, inside `tx`, against this game's
     * quota), or its copy found by hash; an outside link, a file of this game or one no longer
     * stored is answered as it is.
     */
    async adoptInto(tx: Db, gameId: string, link: string): Promise<string> {
      const fileId = storedFileIdOf(link);
      if (fileId === null || !isUuid(fileId)) return link;
      const [source] = await tx.select().from(files).where(eq(files.id, fileId));
      if (!source || source.gameId === gameId) return link;
      const kind = source.kind as FileKind;
      const known = await findByContent(tx, gameId, kind, source.sha256);
      if (known) return storedFilePath(known.id);
      await tx.select({ id: games.id }).from(games).where(eq(games.id, gameId)).for('no key update');
      if ((await usedBytesOf(tx, gameId)) + source.storedBytes > quotaBytes) {
        throw httpError(409, fileMessages.quota(quotaBytes));
      }
      const { id: _id, gameId: _from, createdAt: _at, ...copied } = source;
      const [row] = await tx
        .insert(files)
        .values({ ...copied, gameId })
        .returning({ id: files.id });
      await tx.execute(
        sql`insert into ${fileChunks} (file_id, variant, seq, data)
            select ${row!.id}, variant, seq, data from ${fileChunks} where file_id = ${source.id}`,
      );
      return storedFilePath(row!.id);
    },

    /** The whole bytes of a stored picture's variant. */
    wholeBytes,
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
