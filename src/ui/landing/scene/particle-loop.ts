import type { CanvasSize, PainterStart, ParticlePainter } from './particle-painter';
import type { ParticleWorkerMessage } from './particle-worker';
import type { ParticleMode } from './particles';

/** Beyond 2× the canvas costs four times the pixels for no visible gain on tiny particles. */
const MAX_PIXEL_RATIO = 2;

export interface ParticleLoop {
  setMode(mode: ParticleMode): void;
  /** Moves the running canvas into another host: the sky goes on without a new first frame. */
  moveTo(host: HTMLElement): void;
  stop(): void;
}

/** What the page does with the painter, wherever it runs. */
type PainterHandle = Pick<ParticlePainter, 'resize' | 'setMode' | 'run' | 'pause'> & { end(): void };

/**
 * The painter in a worker, on a canvas handed over to it: the sky's frames (a thousand particles,
 * thirty times a second) then never block the page's main thread.
 */
function painterInWorker(canvas: HTMLCanvasElement, start: PainterStart): PainterHandle {
  const worker = new Worker(new URL('./particle-worker.ts', import.meta.url), { type: 'module' });
  const post = (message: ParticleWorkerMessage, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  const offscreen = canvas.transferControlToOffscreen();
  post({ type: 'start', canvas: offscreen, ...start }, [offscreen]);
  return {
    resize: (size) => post({ type: 'resize', size }),
    setMode: (mode) => post({ type: 'mode', mode }),
    run: () => post({ type: 'visibility', visible: true }),
    pause: () => post({ type: 'visibility', visible: false }),
    end: () => worker.terminate(),
  };
}

/** The painter on the page, for browsers that cannot hand a canvas to a worker. */
function painterOnPage(canvas: HTMLCanvasElement, start: PainterStart): PainterHandle {
  let painter: ParticlePainter | null = null;
  let ended = false;
  let latest = start;
  let visible = true;
  void import('./particle-painter').then(({ createParticlePainter }) => {
    if (ended) return;
    painter = createParticlePainter(canvas, latest);
    painter.resize(latest.size);
    if (visible) painter.run();
  });
  return {
    resize: (size) => {
      latest = { ...latest, size };
      painter?.resize(size);
    },
    setMode: (mode) => {
      latest = { ...latest, mode };
      painter?.setMode(mode);
    },
    run: () => {
      visible = true;
      painter?.run();
    },
    pause: () => {
      visible = false;
      painter?.pause();
    },
    end: () => {
      ended = true;
      painter?.pause();
    },
  };
}

/**
 * Runs the particle field on a canvas of its own inside `host` until `stop`: sized to the element
 * and the device pixel ratio, redrawn at 30 fps, paused while the tab is hidden. With `still`, it
 * paints one frame (and repaints on resize) instead of animating. A fresh canvas each time: a
 * canvas handed to a worker cannot be handed over again.
 */
export function startParticleLoop(host: HTMLElement, options: Omit<PainterStart, 'size'>): ParticleLoop {
  const canvas = document.createElement('canvas');
  canvas.className = 'particle-field';
  canvas.setAttribute('aria-hidden', 'true');
  host.append(canvas);
  const size = (): CanvasSize => ({
    width: canvas.clientWidth,
    height: canvas.clientHeight,
    ratio: Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO),
  });
  const start = { ...options, size: size() };
  const painter =
    typeof canvas.transferControlToOffscreen === 'function' && typeof Worker === 'function'
      ? painterInWorker(canvas, start)
      : painterOnPage(canvas, start);

  const onResize = () => painter.resize(size());
  const onVisibilityChange = () => (document.hidden ? painter.pause() : painter.run());
  if (document.hidden) painter.pause();
  window.addEventListener('resize', onResize);
  document.addEventListener('visibilitychange', onVisibilityChange);
  return {
    setMode: (mode) => painter.setMode(mode),
    moveTo(next) {
      next.append(canvas);
      onResize();
    },
    stop() {
      window.removeEventListener('resize', onResize);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      painter.end();
      canvas.remove();
    },
  };
}
