import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  mapPointerMachine,
  type GroupDrop,
  type PingIntent,
  type Standing,
} from '../../src/machines/map-pointer.machine';
import type { Point } from '../../src/domain/geometry/geometry';

const map = { name: 'Forêt', width: 1000, height: 500 };
const at = (x: number, y: number, pointerId = 1) => ({ pointerId, onMap: { x, y }, client: { x, y } });
/**
 * The wolf pressed 10 px right and 20 px below its corner (100, 100), with the selection: itself
 * and the goblin, which the table showed at (900, 100).
 */
const pressWolfOfGroup = {
  type: 'token.pressed',
  usableId: 'wolf',
  controllable: true,
  corner: { x: 100, y: 100 },
  map,
  group: ['wolf', 'goblin'],
  ...at(110, 120),
} as const;

function start(goblin: Standing[string] = { x: 90, y: 20 }) {
  const asked: Array<{ type: string; [key: string]: unknown }> = [];
  const actor = createActor(
    mapPointerMachine.provide({
      actions: {
        'drag token': (_, place) => void asked.push({ type: 'drag token', ...place }),
        'drop token': (_, place) => void asked.push({ type: 'drop token', ...place }),
        'drop group': (_, drop: GroupDrop) => void asked.push({ type: 'drop group', ...drop }),
        ping: (_, ping: PingIntent) => void asked.push({ type: 'ping', ...ping }),
        'share arrow': (_, arrow: { from: Point; to: Point } | null) =>
          void asked.push({ type: 'share arrow', arrow }),
      },
    }),
  ).start();
  actor.send({ type: 'tokens.standing', tokens: { wolf: { x: 10, y: 20 }, goblin } });
  return { actor, asked };
}

describe('map pointer: a selection dragged together', () => {
  it('moves every selected token by the same delta, each kept on the map, and drops them as one group', () => {
    const { actor, asked } = start();
    actor.send(pressWolfOfGroup);
    actor.send({ type: 'pointer.moved', touch: false, ...at(210, 170) });
    // +100 px, +50 px: the wolf's corner at (200, 150); the goblin's would be past the edge, kept at 95 %.
    expect(actor.getSnapshot().context.carried).toEqual({
      wolf: { x: 20, y: 30 },
      goblin: { x: 92.5, y: 30 },
    });
    actor.send({ type: 'pointer.released', dropped: true, ...at(210, 170) });
    expect(asked.filter((one) => one.type !== 'drag token')).toEqual([
      {
        type: 'drop group',
        map: 'Forêt',
        moves: [
          { usableId: 'wolf', position: { x: 20, y: 30 } },
          { usableId: 'goblin', position: { x: 92.5, y: 30 } },
        ],
      },
    ]);
    actor.send({ type: 'drop.answered', usableId: 'wolf' });
    actor.send({ type: 'drop.answered', usableId: 'goblin' });
    expect(actor.getSnapshot().context.local).toEqual({});
  });

  it('lets the whole group go when the browser takes the pointer back', () => {
    const { actor, asked } = start();
    actor.send(pressWolfOfGroup);
    actor.send({ type: 'pointer.moved', touch: false, ...at(210, 170) });
    actor.send({ type: 'pointer.released', dropped: false, ...at(210, 170) });
    expect(actor.getSnapshot().context).toMatchObject({ carried: {}, local: {} });
    expect(asked.map((one) => one.type)).toEqual(['drag token']);
  });
  it('moves with the grabbed token only the selected tokens the table shows, from where it last showed them', () => {
    const { actor } = start();
    actor.send({ type: 'tokens.standing', tokens: { wolf: { x: 10, y: 20 }, goblin: { x: 50, y: 40 } } });
    actor.send({ ...pressWolfOfGroup, group: ['wolf', 'goblin', 'gone'] });
    expect(actor.getSnapshot().context.grab?.group).toEqual([
      { usableId: 'goblin', offset: { x: -390, y: -80 }, size: 1 },
    ]);
  });
});

describe('map pointer: a selection dropped on the grid', () => {
  const grid = { cellPx: 100, offsetX: 0, offsetY: 0, shown: true, color: '#000000', opacity: 0.3 };
  // The goblin, two cells a side, at (330, 260).
  const pressGroup = { ...pressWolfOfGroup, grid };
  const dropAt = (x: number, y: number, { free = false, snap = true } = {}) => {
    const { actor, asked } = start({ x: 33, y: 52, size: 2 });
    if (!snap) actor.send({ type: 'snap.set', on: false });
    actor.send(pressGroup);
    actor.send({ type: 'pointer.moved', touch: false, ...at(x, y) });
    actor.send({ type: 'pointer.released', dropped: true, free, ...at(x, y) });
    return { dropped: asked.at(-1), held: actor.getSnapshot().context.local };
  };

  it('snaps the dragged token and moves the others by whole cells, shown at once where the server puts them', () => {
    // The wolf's corner goes to (237, 148): the cell at (200, 100). The goblin stood 2.3 and 1.6
    // cells from it, so 2 and 2 cells on, at (400, 300): 40 % of 1000, 60 % of 500.
    expect(dropAt(247, 168)).toEqual({
      dropped: {
        type: 'drop group',
        map: 'Forêt',
        moves: [
          { usableId: 'wolf', position: { x: 20, y: 20 } },
          { usableId: 'goblin', position: { x: 40, y: 60 } },
        ],
        snap: true,
      },
      held: { wolf: { x: 20, y: 20 }, goblin: { x: 40, y: 60 } },
    });
  });

  it('drops the group where it is let go with Alt held, or snapping off', () => {
    const free = {
      type: 'drop group',
      map: 'Forêt',
      moves: [
        { usableId: 'wolf', position: { x: 23.7, y: 30 } },
        // Two cells high, the goblin stops at 60 % of the 500 px map, wholly on it.
        { usableId: 'goblin', position: { x: 46.7, y: 60 } },
      ],
    };
    expect(dropAt(247, 170, { free: true }).dropped).toEqual(free);
    expect(dropAt(247, 170, { snap: false }).dropped).toEqual(free);
  });
});

describe('map pointer: pings and a shown ruler', () => {
  const pressFrame = (keys: { ctrl?: boolean; shift?: boolean; alt?: boolean }) =>
    ({
      type: 'frame.pressed',
      alt: keys.alt ?? false,
      ctrl: keys.ctrl ?? false,
      shift: keys.shift ?? false,
      mainButton: true,
      isPrimary: true,
      ...at(300, 200),
    }) as const;

  it('pings on Ctrl + click, and brings everyone there on Ctrl + Maj + click', () => {
    const { actor, asked } = start();
    actor.send(pressFrame({ ctrl: true }));
    actor.send(pressFrame({ ctrl: true, shift: true }));
    expect(asked).toEqual([
      { type: 'ping', at: { x: 300, y: 200 }, bring: false },
      { type: 'ping', at: { x: 300, y: 200 }, bring: true },
    ]);
    expect(actor.getSnapshot().matches({ gesture: 'idle' })).toBe(true);
  });

  it('pings from the map’s menu (a long press on touch) and closes it', () => {
    const { actor, asked } = start();
    actor.send({
      type: 'menu.open',
      menu: { kind: 'add', at: { x: 5, y: 5 }, position: { x: 1, y: 1 }, point: { x: 40, y: 30 } },
    });
    actor.send({ type: 'map.ping', at: { x: 40, y: 30 }, bring: true });
    expect(asked).toEqual([{ type: 'ping', at: { x: 40, y: 30 }, bring: true }]);
    expect(actor.getSnapshot().context.menu).toBeNull();
  });

  it('does not ping while an attack is aimed: the press is the aim’s', () => {
    const { actor, asked } = start();
    actor.send({ type: 'aim.started' });
    actor.send(pressFrame({ ctrl: true }));
    expect(asked).toEqual([]);
  });

  it('shares the arrow as it is drawn, and its end', () => {
    const { actor, asked } = start();
    actor.send(pressFrame({ alt: true }));
    actor.send({ type: 'pointer.moved', touch: false, ...at(450, 200) });
    actor.send({ type: 'pointer.released', dropped: true, ...at(450, 200) });
    expect(asked).toEqual([
      { type: 'share arrow', arrow: { from: { x: 300, y: 200 }, to: { x: 300, y: 200 } } },
      { type: 'share arrow', arrow: { from: { x: 300, y: 200 }, to: { x: 450, y: 200 } } },
      { type: 'share arrow', arrow: null },
    ]);
  });
});
