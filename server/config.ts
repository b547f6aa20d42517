import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { withTrailingSlash } from '#shared/domain/character/image-link';

/**
 * The server's settings, all from the environment. Parsing is kept pure (the environment is a
 * parameter) so tests and the CLI read exactly the rules `main.ts` does.
 */

// An empty variable (`FOO=` in a unit file or compose file) means unset, not an empty string.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'postgres://… attendu / expected')),
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, 'redis://… attendu / expected')),
  // Keeps the socket.io channels of several apps sharing one Redis apart.
  REDIS_PREFIX: z.string().min(1).default('shatteredrealms'),
  JWT_SECRET: optional(z.string().min(32, '32 caractères minimum / at least 32 characters')),
  PUBLIC_URL: optional(z.url()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  // The availability check is public and answers whether a name exists: enough for a form typed
  // into (one call per 500 ms pause), too few to list the platform's names.
  NAME_CHECK_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(60),
  // Each page sends one web-vitals beacon when it is hidden: a visitor switching tabs all day stays
  // far below it, a script filling the dashboard with made-up figures does not.
  WEB_VITALS_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(30),
  // A Prometheus scraper's bearer token for GET /metrics, besides an admin's (docs/monitoring.md
  // "Who may read it").
  METRICS_TOKEN: optional(z.string().min(32, '32 caractères minimum / at least 32 characters')),
  // The operator's bearer token for GET /operations/backup, which `npm run backup` calls on a
  // running PGlite server (decision 0038); unset, the server gives no backup.
  BACKUP_TOKEN: optional(z.string().min(32, '32 caractères minimum / at least 32 characters')),
  // Chat lines a socket may send at once (table or private), then one a second: a typed
  // conversation never meets it, a script flooding a table does.
  MESSAGE_BURST: z.coerce.number().int().positive().default(10),
  // Multiplies every table command's allowance (docs/server.md "Table floods"); test suites that
  // play a whole table in a second raise it, the floods have their own test.
  TABLE_RATE_SCALE: z.coerce.number().positive().default(1),
  // Sockets one account may hold open on a process (docs/server.md "Sockets per account").
  SOCKETS_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  // How long the table's journaled events wait for the embedded database's log (docs/live-table.md
  // "Journal"): the clients have them at once; waiting makes one statement of many events.
  TABLE_LOG_EVERY_MS: z.coerce.number().int().positive().max(60_000).default(1000),
  // On PostgreSQL, the least time between two of a process's table statements (docs/live-table.md
  // "Owners"): the other players have the events at once, the sender's answer waits for it.
  TABLE_COMMIT_EVERY_MS: z.coerce.number().int().min(0).max(10_000).default(100),
  // Two tabs refreshing at once present the same refresh token; the second, within this many
  // seconds of the first, is not taken for a theft (docs/server.md "Tokens").
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  CLIENT_DIR: z.string().min(1).default('dist/client'),
  // Where the server's own mail goes out (security notices, docs/server.md "E-mail changes"):
  // smtp://user:password@host:587 or smtps://…; unset, notices wait in account_notices.
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'smtp://… ou smtps://… attendu / expected')),
  MAIL_FROM: z.string().min(3).default('Shattered Realms <no-reply@shatteredrealms.fr>'),
  // Behind a reverse proxy the client IP (rate limits, logs) comes from X-Forwarded-For.
  TRUST_PROXY: optional(z.string()),
  // Where characters' images live (table.md §5: Player_{name}.png on the product's image bucket).
  IMAGE_BUCKET_URL: z
    .url({ protocol: /^https$/, error: 'adresse https:// attendue / https:// address expected' })
    .default('https://images.shatteredrealms.fr/'),
  // What all of a game's stored files may weigh together (decision 0026).
  FILES_QUOTA_MB: z.coerce.number().int().positive().default(500),
  // Test suites only: cheap password hashing (see PRODUCTION_COST and TEST_COST in passwords.ts).
  TEST_FAST_PASSWORD_HASHING: z.enum(['true', 'false']).default('false'),
  NODE_ENV: optional(z.string()),
});

const refusingTestKnobsInProduction = envSchema.refine(
  (env) => env.NODE_ENV !== 'production' || env.TEST_FAST_PASSWORD_HASHING === 'false',
  {
    path: ['TEST_FAST_PASSWORD_HASHING'],
    message: 'interdit en production / not allowed with NODE_ENV=production',
  },
);

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisPrefix: string;
  /** Absent means: use the one kept in `dataDir` (see `readOrCreateJwtSecret`). */
  jwtSecret: string | undefined;
  publicUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  authRateLimitMax: number;
  refreshReuseGraceSeconds: number;
  nameCheckRateLimitMax: number;
  webVitalsRateLimitMax: number;
  /** Absent means: only an admin's access token reads GET /metrics. */
  metricsToken: string | undefined;
  /** Absent means: the server gives no backup (`npm run backup` reads the database itself). */
  backupToken: string | undefined;
  messageBurst: number;
  tableRateScale: number;
  socketsPerAccount: number;
  tableLogEveryMs: number;
  tableCommitEveryMs: number;
  clientDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  trustProxy: boolean | number | string;
  /** Always ends with '/', so a file name appends to it. */
  imageBucketUrl: string;
  /** What all of a game's stored files may weigh together, in bytes. */
  filesQuotaBytes: number;
  /** Test suites only: hash passwords at a fraction of the production cost. */
  fastPasswordHashing: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = refusingTestKnobsInProduction.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Configuration invalide / invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    jwtSecret: e.JWT_SECRET,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    nameCheckRateLimitMax: e.NAME_CHECK_RATE_LIMIT_MAX,
    webVitalsRateLimitMax: e.WEB_VITALS_RATE_LIMIT_MAX,
    metricsToken: e.METRICS_TOKEN,
    backupToken: e.BACKUP_TOKEN,
    messageBurst: e.MESSAGE_BURST,
    tableRateScale: e.TABLE_RATE_SCALE,
    socketsPerAccount: e.SOCKETS_PER_ACCOUNT,
    tableLogEveryMs: e.TABLE_LOG_EVERY_MS,
    tableCommitEveryMs: e.TABLE_COMMIT_EVERY_MS,
    clientDir: e.CLIENT_DIR,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    imageBucketUrl: withTrailingSlash(e.IMAGE_BUCKET_URL),
    filesQuotaBytes: e.FILES_QUOTA_MB * 1024 * 1024,
    fastPasswordHashing: e.TEST_FAST_PASSWORD_HASHING === 'true',
  };
}

function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

const SECRET_FILE = 'jwt-secret';

/**
 * The signing secret when JWT_SECRET is not set: generated on first start and kept beside the
 * data so sessions survive restarts without any set-up.
 */
export async function readOrCreateJwtSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, SECRET_FILE);
  try {
    return await readSecret(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // Written whole under a name of its own, then linked into place: the link appears with its
  // content or not at all, so a process starting at the same moment never reads it half written.
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(draft, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, file);
    return secret;
  } catch (error) {
    // Another process sharing the folder put theirs first: use it so both sign alike.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readSecret(file);
    throw error;
  } finally {
    await unlink(draft);
  }
}

async function readSecret(file: string): Promise<string> {
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 32) {
    throw new ConfigError(`${file} : secret trop court / secret too short (32 characters minimum)`);
  }
  return secret;
}
