/**
 * One load process of the fan-out: its share of the games' clients, so that producing thousands
 * of drops a second and hearing five times as many deliveries is not one event loop's work.
 * Driven over IPC by bench/fanout/load-workers.ts: `seat` → 'seated', then `drive` → the sample
 * as many times as asked (the saturation steps reuse the seated clients), until it is killed.
 */
import { seatFanout, type FanoutGame, type FanoutOptions, type SeatedFanout } from './table-clients';

export type WorkerRequest =
  { kind: 'seat'; url: string; games: FanoutGame[] } | { kind: 'drive'; options: FanoutOptions };

let seated: SeatedFanout | undefined;

function reply(message: unknown): void {
  process.send?.(message);
}

process.on('message', (request: WorkerRequest) => {
  const work =
    request.kind === 'seat'
      ? seatFanout(request.url, request.games).then((fanout) => {
          seated = fanout;
          return { kind: 'seated' };
        })
      : seated!.drive(request.options).then((sample) => ({ kind: 'sample', sample }));
  work.then(reply, (error: unknown) => reply({ kind: 'failed', error: String(error) }));
});
process.once('disconnect', () => {
  seated?.close();
  process.exit(0);
});
