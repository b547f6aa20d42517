import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, readOrCreateJwtSecret } from '../../server/config';

describe('loadConfig', () => {
  it('fills the defaults from an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      redisUrl: undefined,
      redisPrefix: 'shatteredrealms',
      jwtSecret: undefined,
      publicUrl: undefined,
      logLevel: 'info',
      authRateLimitMax: 20,
      refreshReuseGraceSeconds: 30,
      nameCheckRateLimitMax: 60,
      webVitalsRateLimitMax: 30,
      metricsToken: undefined,
      messageBurst: 10,
      tableRateScale: 1,
      socketsPerAccount: 10,
      tableLogEveryMs: 1000,
      tableCommitEveryMs: 100,
      clientDir: 'dist/client',
      smtpUrl: undefined,
      mailFrom: 'Shattered Realms <no-reply@shatteredrealms.fr>',
      trustProxy: false,
      imageBucketUrl: 'https://images.shatteredrealms.fr/',
      filesQuotaBytes: 500 * 1024 * 1024,
      fastPasswordHashing: false,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/sr',
      DATABASE_URL: 'postgres://sr@db/sr',
      REDIS_URL: 'redis://cache:6379',
      JWT_SECRET: 's'.repeat(40),
      PUBLIC_URL: 'https://jdr.example.com',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '5',
      CLIENT_DIR: '/srv/client',
      TRUST_PROXY: '1',
      IMAGE_BUCKET_URL: 'https://cdn.example.com/portraits',
      WEB_VITALS_RATE_LIMIT_MAX: '12',
      METRICS_TOKEN: 'm'.repeat(32),
      TABLE_LOG_EVERY_MS: '40',
      TABLE_COMMIT_EVERY_MS: '5',
      TABLE_RATE_SCALE: '2.5',
      SOCKETS_PER_ACCOUNT: '4',
      SMTP_URL: 'smtps://sr:secret@mail.example.com:465',
      MAIL_FROM: 'Table <table@example.com>',
      FILES_QUOTA_MB: '64',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/sr',
      databaseUrl: 'postgres://sr@db/sr',
      redisUrl: 'redis://cache:6379',
      jwtSecret: 's'.repeat(40),
      publicUrl: 'https://jdr.example.com',
      logLevel: 'warn',
      authRateLimitMax: 5,
      clientDir: '/srv/client',
      trustProxy: 1,
      imageBucketUrl: 'https://cdn.example.com/portraits/',
      filesQuotaBytes: 64 * 1024 * 1024,
      webVitalsRateLimitMax: 12,
      metricsToken: 'm'.repeat(32),
      tableLogEveryMs: 40,
      tableCommitEveryMs: 5,
      tableRateScale: 2.5,
      socketsPerAccount: 4,
      smtpUrl: 'smtps://sr:secret@mail.example.com:465',
      mailFrom: 'Table <table@example.com>',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', JWT_SECRET: '' })).toMatchObject({
      databaseUrl: undefined,
      jwtSecret: undefined,
    });
  });

  it('lists every bad variable in one error', () => {
    const load = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', LOG_LEVEL: 'loud' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*JWT_SECRET[\s\S]*LOG_LEVEL/);
  });

  it('hashes passwords cheaply only when a test asks, and never with NODE_ENV=production', () => {
    expect(loadConfig({ TEST_FAST_PASSWORD_HASHING: 'true' }).fastPasswordHashing).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).fastPasswordHashing).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_FAST_PASSWORD_HASHING: 'true' })).toThrow(
      /TEST_FAST_PASSWORD_HASHING/,
    );
  });

  it('wants the image bucket over https', () => {
    expect(() => loadConfig({ IMAGE_BUCKET_URL: 'http://images.example.com/' })).toThrow(/IMAGE_BUCKET_URL/);
  });
});

describe('readOrCreateJwtSecret', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sr-config-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('creates the secret once, private to the owner, and reuses it', async () => {
    const dataDir = join(dir, 'nested', 'data');
    const first = await readOrCreateJwtSecret(dataDir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect((await stat(join(dataDir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
    expect(await readOrCreateJwtSecret(dataDir)).toBe(first);
  });

  it('agrees with concurrent starts on the same folder, never reading a secret half written', async () => {
    // The window is one write wide: hundreds of rounds of eight starters find it every run.
    for (let round = 0; round < 300; round++) {
      const folder = join(dir, `start-${round}`);
      const secrets = await Promise.all(Array.from({ length: 8 }, () => readOrCreateJwtSecret(folder)));
      expect(new Set(secrets).size).toBe(1);
      expect((await readFile(join(folder, 'jwt-secret'), 'utf8')).trim()).toBe(secrets[0]);
      expect(await readdir(folder)).toEqual(['jwt-secret']);
    }
  });

  it('refuses a secret file too short to be safe', async () => {
    await writeFile(join(dir, 'jwt-secret'), 'short\n');
    await expect(readOrCreateJwtSecret(dir)).rejects.toThrow(ConfigError);
  });
});
