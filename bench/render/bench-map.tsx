/**
 * The rendering bench's map (bench/render): the table's map as the MJ sees it, mounted without the
 * live table around it. A unit test drags a token on it (tests/unit/bench-render-map.test.tsx).
 */
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import type { TableState } from '../../src/domain/table/types';
import { mapPointerMachine } from '../../src/machines/map-pointer.machine';
import { mapViewportMachine } from '../../src/machines/map-viewport.machine';
import { TableMap, type TableMapActions } from '../../src/ui/game/TableMap';

/**
 * The MJ's map with nothing behind it: drags and drops go nowhere, and a drop never settles, so
 * the token stays where it was let go.
 */
const offline: TableMapActions = {
  place() {},
  remove() {},
  toggleVisibility() {},
  condition() {},
  resize() {},
  adjust() {},
  showDetails() {},
  strike() {},
};

/**
 * The map as the live table mounts it, with a camera of its own told the map's size, as the live
 * table tells it, and gestures whose drops go nowhere.
 */
export function BenchTableMap({ table }: { table: TableState }) {
  const viewport = useActorRef(mapViewportMachine);
  const pointer = useActorRef(mapPointerMachine);
  useEffect(() => {
    const map = table.masterMap;
    if (map) viewport.send({ type: 'map.changed', size: { width: map.width, height: map.height } });
  }, [viewport, table]);
  return (
    <TableMap
      table={table}
      role="mj"
      characterIds={[]}
      actions={offline}
      viewport={viewport}
      pointer={pointer}
    />
  );
}
