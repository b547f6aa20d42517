/**
 * The rendering bench's page: one map of `?tokens=` tokens, drawn by `?view=plain` (the
 * baseline) or `?view=table` (the table's map view), and a frame recorder the bench starts and
 * stops around a drag: the interval between animation frames, as the user sees them.
 */
import { createRoot } from 'react-dom/client';
import '../../src/ui/app/app.css';
import '../../src/ui/game/game-styles';
import { BenchTableMap } from './bench-map';
import { benchTable } from './bench-table';
import { PlainTokens } from './plain-tokens';

declare global {
  interface Window {
    benchFrames: { start(): void; stop(): number[] };
  }
}

let frames: number[] = [];
let recording = false;
function record(previous: number) {
  requestAnimationFrame((now) => {
    if (!recording) return;
    frames.push(now - previous);
    record(now);
  });
}
window.benchFrames = {
  start() {
    frames = [];
    recording = true;
    requestAnimationFrame(record);
  },
  stop() {
    recording = false;
    return frames;
  },
};

const params = new URLSearchParams(location.search);
const state = benchTable(Number(params.get('tokens') ?? 1000));
createRoot(document.getElementById('root')!).render(
  params.get('view') === 'table' ? (
    <div style={{ height: '100vh' }}>
      <BenchTableMap table={state} />
    </div>
  ) : (
    <PlainTokens state={state} />
  ),
);
