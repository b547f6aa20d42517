import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with Node's scrypt (no native module to build). The parameters travel inside
 * the stored string so they can be raised later without breaking existing accounts:
 * `scrypt$N$r$p$salt$hash` (salt and hash in base64).
 */

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** What every real deployment pays per hash (about 50 ms and 16 MiB). */
export const PRODUCTION_COST: ScryptCost = { N: 16_384, r: 8, p: 1 };

/**
 * Only with TEST_FAST_PASSWORD_HASHING (see `loadConfig`): the test suites register hundreds of
 * accounts, and at the production cost their hashing alone was a third of the server suite's CPU.
 */
export const TEST_COST: ScryptCost = { N: 1_024, r: 8, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 64;

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = encoded.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

export function createPasswordHasher(cost: ScryptCost) {
  async function hashPassword(password: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    const key = await derive(password, salt, KEY_BYTES, cost);
    return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
  }

  let dummyHash: Promise<string> | undefined;

  return {
    hashPassword,
    verifyPassword,
    /**
     * Spends the same time as checking a real password, so a login for an unknown e-mail cannot
     * be told apart from a wrong password by its duration.
     */
    async verifyAgainstDummy(password: string): Promise<false> {
      dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
      await verifyPassword(password, await dummyHash);
      return false;
    },
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
