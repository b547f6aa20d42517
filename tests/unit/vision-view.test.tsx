// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeExplored, exploredLayout } from '../../src/domain/geometry/explored';
import { DEFAULT_GRID } from '../../src/domain/geometry/grid';
import { exploredPath, polygonPath } from '../../src/domain/geometry/map-paths';
import type { VisionChange } from '../../src/domain/table/map-vision';
import type { TableRole, TableState } from '../../src/domain/table/types';
import { mapPointerMachine } from '../../src/machines/map-pointer.machine';
import { mapViewportMachine } from '../../src/machines/map-viewport.machine';
import { wallEditorMachine } from '../../src/machines/wall-editor.machine';
import { SightLayer } from '../../src/ui/game/SightLayer';
import { TableMap, type TableMapActions } from '../../src/ui/game/TableMap';
import { CRYPT, dungeonTable, playerCopyOf } from '../helpers/dungeon';
import { NoResizeObserver, TestPointerEvent } from '../helpers/jsdom-pointer';

beforeEach(() => {
  vi.stubGlobal('PointerEvent', TestPointerEvent);
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const nothing: TableMapActions = {
  place() {},
  remove() {},
  toggleVisibility() {},
  condition() {},
  resize() {},
  adjust() {},
  showDetails() {},
  strike() {},
};

/** The map as the live table mounts it, its walls tool sending into `sent`. */
function VisionMap({ table, role, sent }: { table: TableState; role: TableRole; sent: VisionChange[] }) {
  const viewport = useActorRef(mapViewportMachine);
  const pointer = useActorRef(mapPointerMachine);
  const wallEditor = useActorRef(
    wallEditorMachine.provide({
      actions: {
        'send change': (_, { change }) => void sent.push(change),
        'send walls': (_, { walls }) =>
          void sent.push({
            kind: 'add',
            walls: walls.map((wall, index) => ({ id: `new-${index}`, ...wall })),
          }),
      },
    }),
  );
  return (
    <TableMap
      table={table}
      role={role}
      characterIds={role === 'player' ? ['c-aria'] : []}
      actions={nothing}
      viewport={viewport}
      pointer={pointer}
      wallEditor={wallEditor}
    />
  );
}

/** The numbers of a path, in pairs. */
const pointsOf = (path: string) => {
  const numbers = path.match(/-?\d+(\.\d+)?/g)!.map(Number);
  return numbers.flatMap((_, index) =>
    index % 2 === 0 ? [{ x: numbers[index]!, y: numbers[index + 1]! }] : [],
  );
};

describe('a player’s sight on screen', () => {
  const copy = playerCopyOf(dungeonTable());

  it('draws each polygon as one path through its points', () => {
    for (const polygon of copy.sight!.polygons) {
      const drawn = pointsOf(polygonPath(polygon));
      expect(drawn).toHaveLength(polygon.length);
      drawn.forEach((point, index) => {
        expect(point.x).toBeCloseTo(polygon[index]!.x, 1);
        expect(point.y).toBeCloseTo(polygon[index]!.y, 1);
      });
    }
  });

  it('veils exactly the explored cells, a row’s run as one rectangle', () => {
    const explored = decodeExplored(exploredLayout(DEFAULT_GRID, CRYPT), copy.sight!.explored!)!;
    const path = exploredPath(explored);
    const rectangles = path.split('M').filter(Boolean);
    let cells = 0;
    for (const rectangle of rectangles) {
      const [x, y, width] = rectangle.match(/-?\d+(\.\d+)?/g)!.map(Number);
      for (let column = 0; column < width! / 75; column++) {
        // Every cell under the veil was seen.
        const seen = explored.bits;
        const index =
          (y! / 75 - explored.layout.firstRow) * explored.layout.columns +
          (x! / 75 + column - explored.layout.firstColumn);
        expect(seen[index >> 3]! & (1 << (index & 7))).not.toBe(0);
        cells += 1;
      }
    }
    const counted = [...explored.bits].reduce((sum, byte) => sum + byte.toString(2).split('1').length - 1, 0);
    expect(cells).toBe(counted);
  });

  it('masks the map outside the player’s polygons, from the copy alone', () => {
    const { getByTestId } = render(<VisionMap table={copy} role="player" sent={[]} />);
    const mask = getByTestId('map-sight');
    expect(mask.querySelectorAll('.table-map__seen')).toHaveLength(copy.sight!.polygons.length);
    expect(mask.querySelector('.table-map__explored')).not.toBeNull();
    // A player sees no walls and no door to open.
    expect(screen.queryByTestId('map-walls')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Porte/ })).toBeNull();
  });

  it('leaves the explored cells clear over a picture the server already dimmed them in', () => {
    const { sight } = copy;
    const veil = (dimmedInPicture: boolean) => {
      const { getByTestId, unmount } = render(
        <SightLayer
          polygons={sight!.polygons}
          explored={sight!.explored}
          grid={DEFAULT_GRID}
          map={CRYPT}
          dimmedInPicture={dimmedInPicture}
        />,
      );
      const fill = getByTestId('map-sight').querySelector('.table-map__explored')!.getAttribute('fill');
      unmount();
      return fill;
    };
    expect(veil(false)).toBe('#8c8c8c');
    // Black in the mask: the dark is not laid a second time over the picture's half strength.
    expect(veil(true)).toBe('black');
  });

  it('draws no mask for a copy without sight', () => {
    const { sight: _none, ...fogless } = playerCopyOf(dungeonTable());
    render(<VisionMap table={fogless} role="player" sent={[]} />);
    expect(screen.queryByTestId('map-sight')).toBeNull();
  });
});

describe('the MJ’s walls on screen', () => {
  it('draws every wall, and a door’s button opens or closes it', () => {
    const sent: VisionChange[] = [];
    render(<VisionMap table={dungeonTable()} role="mj" sent={sent} />);
    expect(screen.getByTestId('map-walls').querySelectorAll('.map-wall')).toHaveLength(
      dungeonTable().visions![CRYPT.name]!.walls.length,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Porte fermée — ouvrir' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Porte ouverte — fermer' }), { key: 'Enter' });
    expect(sent).toEqual([
      { kind: 'door', id: 'door-vault', open: true },
      { kind: 'door', id: 'door-west', open: false },
    ]);
    // The MJ sees the whole map: no mask of their own.
    expect(screen.queryByTestId('map-sight')).toBeNull();
  });

  it('opens « Murs » and draws a wall with the keyboard alone', () => {
    const sent: VisionChange[] = [];
    render(<VisionMap table={dungeonTable()} role="mj" sent={sent} />);
    fireEvent.click(screen.getByRole('button', { name: 'Murs' }));
    const surface = screen.getByRole('application', { name: 'Zone de tracé des murs' });
    const said = () => screen.getByRole('form', { name: 'Murs et vision' }).querySelector('[role="status"]')!;
    expect(said().textContent).toMatch(/^Curseur colonne\u00a0\d+, ligne\u00a0\d+\.$/);
    fireEvent.keyDown(surface, { key: 'Enter' });
    fireEvent.keyDown(surface, { key: 'ArrowRight' });
    fireEvent.keyDown(surface, { key: 'ArrowRight' });
    fireEvent.keyDown(surface, { key: 'Enter' });
    expect(said().textContent).toContain('2\u00a0points posés');
    fireEvent.keyDown(surface, { key: 'Enter' });
    expect(said().textContent).toContain('1\u00a0mur tracé.');
    expect(sent).toEqual([
      { kind: 'add', walls: [{ id: 'new-0', kind: 'wall', a: expect.anything(), b: expect.anything() }] },
    ]);
    const added = sent[0] as Extract<VisionChange, { kind: 'add' }>;
    expect(added.walls[0]!.b.x - added.walls[0]!.a.x).toBe(150);
  });
});
