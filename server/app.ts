import { accountDataRoutes } from './modules/account-data/routes';
import { createAccountDataService } from './modules/account-data/service';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { API_BASE } from '#shared/paths';
import { readOrCreateJwtSecret, type Config } from './config';
import { openDatabase, type Db } from './db/client';
import { createLogger } from './lib/logger';
import { createAccessGuard } from './modules/auth/access';
import { createSessionView } from './modules/auth/session-view';
import { backfillDisplayNameSkeletons } from './modules/auth/display-name-skeletons';
import { watchBurnRate, type BurnRateWatcher } from './modules/anomalies/burn-rate-watcher';
import { anomaliesRoutes } from './modules/anomalies/routes';
import { apiDocumentsRoutes } from './modules/api-documents/routes';
import { useOpenApi } from './modules/api-documents/openapi';
import { createAnomaliesService } from './modules/anomalies/service';
import { authRoutes } from './modules/auth/routes';
import { createPasswordHasher, PRODUCTION_COST, TEST_COST } from './modules/auth/passwords';
import { startNoticeMailer } from './modules/auth/notice-mailer';
import { createAuthService } from './modules/auth/service';
import { createTokenService } from './modules/auth/tokens';
import { charactersRoutes } from './modules/characters/routes';
import { createCharactersService } from './modules/characters/service';
import { publicConfigRoutes } from './modules/config/routes';
import { equipmentRoutes } from './modules/equipment/routes';
import { createEquipmentService } from './modules/equipment/service';
import { createSheetNotices, emitSheetChange } from './modules/characters/sheet-notices';
import { friendsRoutes } from './modules/friends/routes';
import { createFriendsService, friendIdsOf } from './modules/friends/service';
import { createInvitationNotifier } from './modules/game-invitations/notifier';
import { gameInvitationsRoutes } from './modules/game-invitations/routes';
import { createGameInvitationsService } from './modules/game-invitations/service';
import { createGameAccess } from './modules/games/access';
import { gamesRoutes } from './modules/games/routes';
import { createGamesService } from './modules/games/service';
import { seatSocketEvents } from './modules/games/seat-events';
import { createTablePresence } from './modules/games/table-presence';
import { healthRoutes } from './modules/health/routes';
import { historyRoutes } from './modules/history/routes';
import { createHistoryService } from './modules/history/service';
import { journalRoutes } from './modules/journal/routes';
import { recapRoutes } from './modules/recap/routes';
import { createRecapService } from './modules/recap/service';
import { createJournalService } from './modules/journal/service';
import { macrosRoutes } from './modules/macros/routes';
import { useHttpMetrics } from './modules/monitoring/http-metrics';
import { closeUnreadBodies } from './plugins/unread-bodies';
import { createRedundancyTracker, useRedundancyTracking } from './modules/monitoring/redundancy-tracker';
import { useSocketMetrics } from './modules/monitoring/socket-metrics';
import type { MetricsSource } from './modules/monitoring/metrics-source';
import { monitoringRoutes } from './modules/monitoring/routes';
import { createMonitoringService, type MonitoringService } from './modules/monitoring/service';
import { visitorKeys } from './modules/monitoring/visitor-key';
import { createMacrosService } from './modules/macros/service';
import { filesRoutes } from './modules/files/routes';
import { mapPicturesRoutes } from './modules/map-pictures/routes';
import { createMapPicturesService } from './modules/map-pictures/service';
import { createFilesService } from './modules/files/service';
import { streamLinks } from './modules/files/stream-links';
import { handoutsRoutes } from './modules/handouts/routes';
import { createHandoutsService } from './modules/handouts/service';
import { handoutFileShownCondition } from './modules/handouts/shown';
import { messagesRoutes } from './modules/messages/routes';
import { createMessagesService } from './modules/messages/service';
import { privateMessageEvents } from './modules/messages/socket';
import { createPresence, type Presence } from './modules/presence/presence';
import { resourcesRoutes } from './modules/resources/routes';
import { createResourcesService } from './modules/resources/service';
import { storeRoutes } from './modules/store/routes';
import { createStoreService } from './modules/store/service';
import { tableRoutes } from './modules/table/routes';
import { chooseTableWriter } from './modules/table/writers/choice';
import { backupRoutes } from './modules/backup/routes';
import { replayJournal, tableJournalIn } from './modules/table/writers/sole-writer/journal';
import type { TableService } from './modules/table/service';
import { usersRoutes } from './modules/users/routes';
import { createUsersService } from './modules/users/service';
import { useAuthentication } from './plugins/authentication';
import { useClient } from './plugins/client';
import { frameworkErrors, useErrorHandling } from './plugins/error-handler';
import {
  limitAttempts,
  limitNameChecks,
  limitPasswordChecks,
  limitRestMessages,
  useRateLimit,
} from './plugins/rate-limit';
import { useRealtime } from './plugins/realtime';
import { useSecurityHeaders } from './plugins/security-headers';
import { useTable } from './plugins/table';
import { useZodValidation } from './plugins/validation';

export interface BuildAppOptions {
  config: Config;
  /** An open database; without one the app opens it from `config` and closes it on `app.close()`. */
  db?: Db;
  /**
   * The folder of the table's journal, needed with an embedded PGlite handed in: no other process
   * can open it, and this app is its table's sole writer (writers/choice.ts), logging behind the
   * journal. Defaults to the journal in the PGlite folder the app opened itself.
   */
  tableJournal?: string;
  /** Defaults to `createLogger(config)` (credentials redacted). */
  logger?: FastifyBaseLogger;
  /**
   * Tests only: the figures the anomalies read (`create-anomalies`, `from-metrics`, the burn-rate
   * watcher), a synthetic history in place of this process's own monitoring.
   */
  metricsSource?: MetricsSource;
  /**
   * Tests only: routes registered under API_BASE after the modules', e.g. one that fails for real
   * so the monitoring counts a 5xx. Production passes none, so ships no such route.
   */
  extraRoutes?: FastifyPluginAsync;
}

/**
 * Builds the whole server, ready to listen: plugins first (validation, errors, headers, rate
 * limit, authentication, sockets, static client), then the API modules under API_BASE.
 * Every call gives an independent instance: tests run several side by side.
 */
export async function buildApp({
  config,
  db,
  tableJournal,
  logger,
  metricsSource,
  extraRoutes,
}: BuildAppOptions): Promise<FastifyInstance> {
  const log = logger ?? createLogger(config);
  const opened = db ? undefined : await openDatabase(config, { logger: log });
  const database = opened?.db ?? db;
  if (!database) throw new Error('unreachable: a database is either given or opened');

  const app = Fastify({
    loggerInstance: log,
    trustProxy: trustProxyOption(config.trustProxy),
    frameworkErrors,
  });
  if (opened) app.addHook('onClose', () => opened.close());

  try {
    const secret = await signingSecret(config, log);
    const tokens = createTokenService(secret);
    await backfillDisplayNameSkeletons(database, log);
    const sessionView = await createSessionView(database, log);
    // Before the database it listens on closes (onClose).
    app.addHook('preClose', () => sessionView.close());
    const access = createAccessGuard(database, tokens, sessionView);

    // First, so the latency it measures includes every other hook.
    const metrics = useHttpMetrics(app);
    const redundancies = createRedundancyTracker();
    useRedundancyTracking(app, redundancies);
    useZodValidation(app);
    // Before any route: it collects them as they are added.
    await useOpenApi(app);
    useErrorHandling(app);
    closeUnreadBodies(app);
    useSecurityHeaders(app, config);
    await useRateLimit(app);
    useAuthentication(app, access);
    // Registered before the realtime layer's own preClose: presence stops and the table's appends
    // under way emit before the sockets and the Redis adapter close.
    const started: {
      presence?: Presence;
      table?: TableService;
      watcher?: BurnRateWatcher;
      monitoring?: MonitoringService;
    } = {};
    app.addHook('preClose', async () => {
      await started.watcher?.stop();
      await started.table?.close();
      await started.presence?.stop();
      await started.monitoring?.stop();
    });
    await useRealtime(app, access, config);
    useSocketMetrics(app.realtime, metrics.registry);
    // What other modules read of the service's figures is `monitoring.source` (a MetricsSource).
    const monitoring = createMonitoringService({
      db: database,
      metrics,
      io: app.realtime.io,
      redundancies,
      visitorKey: visitorKeys(secret),
      log: app.log.child({ module: 'monitoring' }),
    });
    app.decorate('monitoring', monitoring);
    await useClient(app, config);

    const notices = config.smtpUrl
      ? startNoticeMailer({
          db: database,
          smtpUrl: config.smtpUrl,
          from: config.mailFrom,
          log: app.log.child({ module: 'notices' }),
        })
      : undefined;
    if (notices) app.addHook('preClose', () => notices.close());
    const auth = createAuthService({
      db: database,
      notices,
      log: app.log.child({ module: 'auth' }),
      tokens,
      sockets: app.realtime,
      passwords: createPasswordHasher(config.fastPasswordHashing ? TEST_COST : PRODUCTION_COST),
      refreshReuseGraceSeconds: config.refreshReuseGraceSeconds,
    });
    const users = createUsersService(database);
    const presence = createPresence({
      realtime: app.realtime,
      friendIdsOf: (userId) => friendIdsOf(database, userId),
      log: app.log.child({ module: 'presence' }),
    });
    started.presence = presence;
    presence.track();
    const friends = createFriendsService({ db: database, realtime: app.realtime, presence });
    const messages = createMessagesService({
      db: database,
      realtime: app.realtime,
      presence,
      areFriends: friends.areFriends,
    });
    app.realtime.onConnection(privateMessageEvents(messages, config.messageBurst));
    const gameAccess = createGameAccess(database);
    const sheetsChanged = createSheetNotices({
      db: database,
      gameAccess,
      realtime: app.realtime,
      log: app.log.child({ module: 'sheets' }),
    });
    const resources = createResourcesService(database, sheetsChanged);
    const tablePresence = createTablePresence(app.realtime);
    const notifier = createInvitationNotifier(database, app.realtime);
    const gameDeps = { db: database, access: gameAccess, presence: tablePresence, notifier };
    app.realtime.onConnection(
      seatSocketEvents({ ...gameDeps, identity: access, log: app.log.child({ module: 'table' }) }),
    );
    const journalDir =
      tableJournal ?? (opened?.driver === 'pglite' ? tableJournalIn(config.dataDir) : undefined);
    // What a killed process journaled goes into the log before anything reads it.
    if (journalDir) await replayJournal(database, journalDir, app.log.child({ module: 'table' }));
    const table = useTable(app, {
      ...gameDeps,
      identity: access,
      writer: chooseTableWriter({
        journalDir,
        databaseUrl: config.databaseUrl,
        logEveryMs: config.tableLogEveryMs,
        commitEveryMs: config.tableCommitEveryMs,
        redis: config.redisUrl ? { url: config.redisUrl, key: config.redisPrefix } : undefined,
      }),
      messageBurst: config.messageBurst,
      rateScale: config.tableRateScale,
    });
    started.table = table;
    const anomalies = createAnomaliesService(database);
    const anomalySource = metricsSource ?? monitoring.source;
    started.watcher = watchBurnRate({
      source: anomalySource,
      service: anomalies,
      log: app.log.child({ module: 'anomalies' }),
    });
    await app.register(
      async (api) => {
        await api.register(healthRoutes, { db: database });
        await api.register(backupRoutes, { db: database, table: app.table, backupToken: config.backupToken });
        await api.register(monitoringRoutes, {
          metrics,
          service: monitoring,
          metricsToken: config.metricsToken,
          webVitalsPerMinute: config.webVitalsRateLimitMax,
        });
        await api.register(anomaliesRoutes, { service: anomalies, source: anomalySource });
        await api.register(authRoutes, {
          service: auth,
          attemptsLimit: limitAttempts(config),
          passwordChecksLimit: limitPasswordChecks(config),
          nameChecksLimit: limitNameChecks(config),
        });
        await api.register(usersRoutes, { service: users, search: friends.search });
        await api.register(publicConfigRoutes, { config });
        await api.register(charactersRoutes, {
          service: createCharactersService({
            db: database,
            gameAccess,
            imageBucketUrl: config.imageBucketUrl,
            onSeatChange: tablePresence.reseat,
          }),
        });
        await api.register(equipmentRoutes, {
          service: createEquipmentService({
            db: database,
            gameAccess,
            readResource: resources.read,
            notifyEquipment: async (notice) => {
              // The game chat's 'Équipé: …' / 'Déséquipé: …' line (table.md §4) goes into the table
              // log, so a reload or a late joiner sees it too.
              if (notice.gameId !== null) await table.postSystemMessage(notice.gameId, notice.text);
              emitSheetChange(app.realtime, notice);
            },
            sheetsChanged,
            log: app.log.child({ module: 'equipment' }),
          }),
        });
        await api.register(friendsRoutes, { service: friends });
        await api.register(messagesRoutes, { service: messages, sendingLimit: limitRestMessages(config) });
        await api.register(tableRoutes, { service: table });
        await api.register(resourcesRoutes, { service: resources });
        const files = createFilesService({
          db: database,
          gameAccess,
          handoutShown: handoutFileShownCondition,
          quotaBytes: config.filesQuotaBytes,
          links: streamLinks(secret),
          sessionUser: access.userOfSession,
        });
        await api.register(storeRoutes, { service: createStoreService(database, resources, files) });
        await api.register(gamesRoutes, { service: createGamesService(gameDeps) });
        await api.register(gameInvitationsRoutes, { service: createGameInvitationsService(gameDeps) });
        await api.register(filesRoutes, { service: files });
        const mapPictures = createMapPicturesService({ table, files });
        await api.register(mapPicturesRoutes, { service: mapPictures });
        await api.register(handoutsRoutes, {
          service: createHandoutsService({ db: database, gameAccess, table }),
        });
        await api.register(macrosRoutes, { service: createMacrosService(database) });
        await api.register(accountDataRoutes, { service: createAccountDataService(database) });
        await api.register(historyRoutes, {
          service: createHistoryService({ db: database, access: gameAccess }),
          pictures: mapPictures,
        });
        await api.register(journalRoutes, {
          service: createJournalService({ db: database, access: gameAccess, realtime: app.realtime }),
        });
        await api.register(apiDocumentsRoutes, { publicUrl: config.publicUrl });
        await api.register(recapRoutes, { service: createRecapService({ db: database, table }) });
        if (extraRoutes) await api.register(extraRoutes);
      },
      { prefix: API_BASE },
    );
    await app.ready();
    started.monitoring = monitoring;
    monitoring.start();
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}

/** Fastify's types take a hop count only as a function. */
function trustProxyOption(value: Config['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

async function signingSecret(config: Config, log: FastifyBaseLogger): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  if (config.databaseUrl || config.redisUrl) {
    log.warn('JWT_SECRET is not set: every process sharing this database must be given the same one');
  }
  return readOrCreateJwtSecret(config.dataDir);
}
