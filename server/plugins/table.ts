import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { AccessGuard } from '../modules/auth/access';
import type { GameAccess } from '../modules/games/access';
import type { TablePresence } from '../modules/games/table-presence';
import { createTableService, type TablePublic, type TableService } from '../modules/table/service';
import { tableSocketEvents } from '../modules/table/socket';
import type { TableWriterChoice } from '../modules/table/writers/choice';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live table for other server modules: `app.table.postSystemMessage(gameId, 'Équipé: …')`. */
    table: TablePublic;
  }
}

/** The live table's service, its socket events, and `app.table` for the other modules. */
export function useTable(
  app: FastifyInstance,
  deps: {
    db: Db;
    access: GameAccess;
    identity: AccessGuard;
    presence: TablePresence;
    /** How the table reaches its log (writers/choice.ts). */
    writer: TableWriterChoice;
    messageBurst: number;
    rateScale: number;
  },
): TableService {
  const service = createTableService({
    db: deps.db,
    access: deps.access,
    realtime: app.realtime,
    log: app.log.child({ module: 'table' }),
    writer: deps.writer,
  });
  app.realtime.onConnection(
    tableSocketEvents({
      table: service,
      presence: deps.presence,
      identity: deps.identity,
      messageBurst: deps.messageBurst,
      rateScale: deps.rateScale,
    }),
  );
  app.decorate('table', {
    postSystemMessage: service.postSystemMessage,
    handout: service.handout,
    vitalsOf: service.vitalsOf,
    flush: service.flush,
    flushAll: service.flushAll,
  } satisfies TablePublic);
  return service;
}
