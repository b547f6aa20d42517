import { randomBytes } from 'node:crypto';

/** No 0/O, 1/I/L: a code read out loud at the table is typed right the first time. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const GAME_CODE_LENGTH = 8;

/** A fresh game code: 8 characters, uniformly drawn (rejection sampling keeps it unbiased). */
export function newGameCode(): string {
  let code = '';
  while (code.length < GAME_CODE_LENGTH) {
    for (const byte of randomBytes(16)) {
      // 248 is the largest multiple of 31 below 256.
      if (byte < 248 && code.length < GAME_CODE_LENGTH) code += ALPHABET[byte % ALPHABET.length];
    }
  }
  return code;
}
