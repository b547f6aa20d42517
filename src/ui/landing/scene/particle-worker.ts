import {
  createParticlePainter,
  type CanvasSize,
  type PainterStart,
  type ParticlePainter,
} from './particle-painter';
import type { ParticleMode } from './particles';

/** What the page tells the worker that paints its sky. */
export type ParticleWorkerMessage =
  | ({ type: 'start'; canvas: OffscreenCanvas } & PainterStart)
  | { type: 'resize'; size: CanvasSize }
  | { type: 'mode'; mode: ParticleMode }
  | { type: 'visibility'; visible: boolean };

let painter: ParticlePainter | null = null;

self.addEventListener('message', (event: MessageEvent<ParticleWorkerMessage>) => {
  const message = event.data;
  if (message.type === 'start') {
    painter = createParticlePainter(message.canvas, message);
    painter.resize(message.size);
    painter.run();
    return;
  }
  if (painter === null) return;
  if (message.type === 'resize') painter.resize(message.size);
  else if (message.type === 'mode') painter.setMode(message.mode);
  else if (message.visible) painter.run();
  else painter.pause();
});
