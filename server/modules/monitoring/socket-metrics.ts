import { Counter, Gauge, type Registry } from 'prom-client';
import type { Realtime } from '../../realtime/types';

/**
 * The sockets' figures in the app's registry: connections open and ever opened, events received
 * and sent (a broadcast counted once per member, each getting its own engine packet), errors of
 * the app's sockets (the `error` events a refused call without acknowledgement gets, a socket lost
 * to a transport or parse error), and apart from them the connections refused before they were
 * the app's: anyone can send engine.io junk or a handshake without a token, and that is no fault
 * of the app's sockets. Per-game figures stay out of Prometheus: a label per game would grow
 * without bound.
 */
export function useSocketMetrics(realtime: Realtime, registry: Registry): void {
  const active = new Gauge({
    name: 'socketio_connections_active',
    help: 'Connexions socket.io ouvertes',
    registers: [registry],
  });
  const opened = new Counter({
    name: 'socketio_connections_total',
    help: 'Connexions socket.io ouvertes depuis le démarrage',
    registers: [registry],
  });
  // A table's drop is sent to each of its members: the events are counted in plain numbers, which
  // the counters take when read, instead of a counter update per socket and packet.
  let receivedSince = 0;
  let sentSince = 0;
  new Counter({
    name: 'socketio_messages_received_total',
    help: 'Événements socket.io reçus',
    registers: [registry],
    collect() {
      this.inc(receivedSince);
      receivedSince = 0;
    },
  });
  new Counter({
    name: 'socketio_messages_sent_total',
    help: 'Événements socket.io envoyés',
    registers: [registry],
    collect() {
      this.inc(sentSince);
      sentSince = 0;
    },
  });
  const errors = new Counter({
    name: 'socketio_errors_total',
    help: 'Erreurs des sockets de l’application (refus sans accusé de réception, transport)',
    registers: [registry],
  });
  const refused = new Counter({
    name: 'socketio_refused_connections_total',
    help: 'Connexions socket.io refusées (requête engine.io invalide, session inconnue, jeton absent ou invalide)',
    registers: [registry],
  });

  realtime.io.engine.on('connection_error', () => refused.inc());
  // Counted on the engine's packets, one listener call each: socket.io's `onAny`/`onAnyOutgoing`
  // copy their listeners and spread the arguments for every socket and event, about a tenth of
  // what the process spent past the relay's on a table's drop (docs/live-table.md "The fan-out").
  realtime.io.engine.on('connection', (connection: EngineConnection) => {
    connection.on('packet', (packet) => {
      if (isEvent(packet)) receivedSince += 1;
    });
    connection.on('packetCreate', (packet) => {
      if (isEvent(packet)) {
        sentSince += 1;
        if (packet.data.startsWith(ERROR_EVENT)) errors.inc();
      } else if (isConnectError(packet)) refused.inc();
    });
  });
  realtime.io.on('connection', (socket) => {
    active.inc();
    opened.inc();
    socket.on('disconnect', (reason) => {
      active.dec();
      if (reason === 'transport error' || reason === 'parse error') errors.inc();
    });
  });
}

/** An engine.io packet as its `packet` and `packetCreate` events give it. */
interface EnginePacket {
  type: string;
  data?: unknown;
}

interface EngineConnection {
  on(event: 'packet' | 'packetCreate', listener: (packet: EnginePacket) => void): void;
}

/**
 * A socket.io event of the main namespace, encoded: its packet type '2' first. Acks ('3'),
 * connections ('0') and the engine's pings are not events.
 */
function isEvent(packet: EnginePacket): packet is { type: 'message'; data: string } {
  return packet.type === 'message' && typeof packet.data === 'string' && packet.data.charCodeAt(0) === 50;
}

/** socket.io's refusal of a handshake (packet type '4', CONNECT_ERROR): the token was missing or invalid. */
function isConnectError(packet: EnginePacket): boolean {
  return packet.type === 'message' && typeof packet.data === 'string' && packet.data.charCodeAt(0) === 52;
}

/** The `error` event a refused call without acknowledgement gets (event-binder.ts), as encoded. */
const ERROR_EVENT = '2["error",';
