/**
 * The rendering bench's page: one map of `?tokens=` tokens, drawn by `?view=plain` (the
 * baseline) or `?view=table` (the table's map view), and a frame recorder the bench starts and
 * stops around a drag: the interval between animation frames, as the user sees them.
 */
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { mapPointerMachine } from '../../src/machines/map-pointer.machine';
import { mapViewportMachine } from '../../src/machines/map-viewport.machine';
import { TableMap, type TableMapActions } from '../../src/ui/game/TableMap';
import '../../src/ui/app/app.css';
import '../../src/ui/game/game.css';
import '../../src/ui/game/table-map.css';
import '../../src/ui/game/map-token.css';
import '../../src/ui/game/attack.css';
import '../../src/ui/game/grid.css';
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

/**
 * The MJ's map with nothing behind it: drags and drops go nowhere, and a drop never settles, so
 * the token stays where it was let go.
 */
const offline: TableMapActions = {
  place() {},
  remove() {},
  toggleVisibility() {},
  adjust() {},
  showDetails() {},
  strike() {},
};

/**
 * The map as the live table mounts it, with a camera of its own told the map's size, as the live
 * table tells it, and gestures whose drops go nowhere.
 */
function BenchTableMap() {
  const viewport = useActorRef(mapViewportMachine);
  const pointer = useActorRef(mapPointerMachine);
  useEffect(() => {
    const map = state.masterMap;
    if (map) viewport.send({ type: 'map.changed', size: { width: map.width, height: map.height } });
  }, [viewport]);
  return (
    <TableMap
      table={state}
      role="mj"
      characterIds={[]}
      actions={offline}
      viewport={viewport}
      pointer={pointer}
    />
  );
}

const params = new URLSearchParams(location.search);
const state = benchTable(Number(params.get('tokens') ?? 1000));
createRoot(document.getElementById('root')!).render(
  params.get('view') === 'table' ? (
    <div style={{ height: '100vh' }}>
      <BenchTableMap />
    </div>
  ) : (
    <PlainTokens state={state} />
  ),
);
