/**
 * One load process of the fan-out: its share of the games' clients, so that producing 5,000
 * drops a second and hearing 25,000 deliveries is not one event loop's work. Driven over IPC by
 * bench/fanout/load-workers.ts: `seat` → 'seated', `drive` → the sample, then it exits.
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
      : seated!.drive(request.options).then((sample) => {
          seated!.close();
          return { kind: 'sample', sample };
        });
  work.then(reply, (error: unknown) => reply({ kind: 'failed', error: String(error) }));
});
