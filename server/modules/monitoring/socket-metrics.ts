import { Counter, Gauge, type Registry } from 'prom-client';
import type { Realtime } from '../../realtime/types';

/**
 * The sockets' figures in the app's registry: connections open and ever opened, events received
 * and sent (broadcasts included: `onAnyOutgoing` sees each socket's copy), and errors — transport
 * failures and the `error` events a refused call without acknowledgement gets. Per-game figures
 * stay out of Prometheus: a label per game would grow without bound.
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
    help: 'Erreurs socket.io (transport, refus sans accusé de réception)',
    registers: [registry],
  });

  realtime.io.engine.on('connection_error', () => errors.inc());
  realtime.io.on('connection', (socket) => {
    active.inc();
    opened.inc();
    socket.onAny(() => {
      receivedSince += 1;
    });
    socket.onAnyOutgoing((event) => {
      sentSince += 1;
      if (event === 'error') errors.inc();
    });
    socket.on('disconnect', () => active.dec());
  });
}
