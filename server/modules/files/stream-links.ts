import { createHmac, timingSafeEqual } from 'node:crypto';
import { fileMessages } from '#shared/wire/files';
import { httpError } from '../../lib/errors';

/** How long a stream link lasts at least: a session's evening of ambience asks a handful. */
export const STREAM_LINK_LIFETIME_MS = 60 * 60 * 1000;
/**
 * Expiries fall on the next quarter hour after the lifetime: links asked within one quarter are
 * the same, so a reload reads the sound from the browser's cache rather than again.
 */
export const STREAM_LINK_STEP_MS = 15 * 60 * 1000;

/** Who a verified link was given to: the user and the session it was asked in. */
export interface StreamHolder {
  userId: string;
  sid: string;
  expiresAt: number;
}

const TOKEN = /^([0-9a-f-]{36})\.([0-9a-f-]{36})\.(\d{1,15})\.([\w-]{43})$/;

/**
 * Links an `<audio>` element plays a stored sound from, with no bearer (decision 0040): a token
 * naming the user, their session and an expiry, signed with a key of its own derived from the
 * server's secret, for one file. The signature covers the file's id, so a token read from one
 * link opens no other file.
 */
export function streamLinks(secret: string) {
  const key = createHmac('sha256', secret).update('sound stream links').digest();
  const sign = (fileId: string, userId: string, sid: string, expiresAt: number) =>
    createHmac('sha256', key).update(`${fileId}\u0000${userId}\u0000${sid}\u0000${expiresAt}`).digest();

  return {
    /** A token for `fileId`, and when it ends (milliseconds). */
    issue(fileId: string, userId: string, sid: string, now: number): { token: string; expiresAt: number } {
      const expiresAt =
        Math.ceil((now + STREAM_LINK_LIFETIME_MS) / STREAM_LINK_STEP_MS) * STREAM_LINK_STEP_MS;
      const signature = sign(fileId, userId, sid, expiresAt).toString('base64url');
      return { token: `${userId}.${sid}.${expiresAt}.${signature}`, expiresAt };
    },

    /** Who `token` was given to for `fileId`; 403 when it was made for another file, forged or is over. */
    verify(fileId: string, token: string, now: number): StreamHolder {
      const parts = TOKEN.exec(token);
      if (!parts) throw httpError(403, fileMessages.streamForged);
      const [, userId, sid, expiry, signature] = parts as unknown as [string, string, string, string, string];
      const expiresAt = Number(expiry);
      const expected = sign(fileId, userId, sid, expiresAt);
      if (!timingSafeEqual(Buffer.from(signature, 'base64url'), expected))
        throw httpError(403, fileMessages.streamForged);
      if (expiresAt <= now) throw httpError(403, fileMessages.streamExpired);
      return { userId, sid, expiresAt };
    },
  };
}

export type StreamLinks = ReturnType<typeof streamLinks>;
