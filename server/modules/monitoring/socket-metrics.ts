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
  const received = new Counter({
    name: 'socketio_messages_received_total',
    help: 'Événements socket.io reçus',
    registers: [registry],
  });
  const sent = new Counter({
    name: 'socketio_messages_sent_total',
    help: 'Événements socket.io envoyés',
    registers: [registry],
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
    socket.onAny(() => received.inc());
    socket.onAnyOutgoing((event) => {
      sent.inc();
      if (event === 'error') errors.inc();
    });
    socket.on('disconnect', () => active.dec());
  });
}
