import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type MouseEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import type { CharacterSummary } from '../../api/schemas/characters';
import { measureCells, pixelsToPercent, type Point, type Size } from '../../domain/geometry/geometry';
import type { HealthResource, MapRef, MapToken, TableRole, TableState } from '../../domain/table/types';
import type { RemoteDrags } from '../../effects/table';
import type { MonsterChoice } from '../../machines/table-lists.machine';
import { MapTokenView } from './MapToken';
import { mapMessages } from './messages';
import { SoulCoreWaves } from './SoulCoreWaves';
import {
  canControl,
  centreOnMap,
  characterDraft,
  managesTable,
  monsterDraft,
  shownMap,
  playingOn,
  tokensOn,
  type TokenDraft,
} from './table-view';
import { TokenMenu } from './TokenMenu';
import { AttackOverlay, type ShownAttackLine } from './AttackOverlay';
import type { AttackLine } from '../../effects/attacks';
import type { TargetingAttack } from '../../machines/attack-targeting.machine';

/** A point of the board (screen pixels from its corner) in the map's own pixels. */
function toMapPixels(point: Point, board: Size, map: Size | null): Point {
  if (!map || board.width === 0 || board.height === 0) return { x: 0, y: 0 };
  return { x: (point.x / board.width) * map.width, y: (point.y / board.height) * map.height };
}

/**
 * table.md §9: while an attack line shows, the tokens' places are read again every 100 ms, so the
 * line follows a token that moves.
 */
function useLinePolling(active: boolean): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((value) => value + 1), 100);
    return () => clearInterval(timer);
  }, [active]);
  return tick;
}

/** What the map asks of the table; each resolves once the server answered (the state follows its events). */
export interface TableMapActions {
  place(map: string, token: TokenDraft): void;
  move(map: string, usableId: string, position: Point): Promise<unknown>;
  drag(map: string, usableId: string, position: Point, pointer: 'mouse' | 'touch'): void;
  remove(map: string, usableId: string): void;
  toggleVisibility(map: string, usableId: string): void;
  adjust(
    map: string,
    usableId: string,
    resource: HealthResource,
    direction: 'decrease' | 'increase',
    amount: number,
  ): void;
  showDetails(token: MapToken): void;
  /** The MJ makes this monster strike: targeting starts from it. */
  strike(token: MapToken): void;
}

/** An attack being aimed: the map's clicks and pointer go to it instead of the tokens' menus. */
export interface TableTargeting {
  attack: TargetingAttack;
  /** The attacker's centre and the attack's reach, in the map's pixels and cells. */
  from: Point;
  range: number;
  click(point: Point, usableId: string | null): void;
  cancel(): void;
}

export interface TableMapProps {
  table: TableState;
  role: TableRole;
  /** The user's characters in this game: the tokens a player may move. */
  characterIds: readonly string[];
  /** Others' drags in progress (`itemDragging`). */
  drags?: RemoteDrags;
  /** What the context menu may place. */
  placeable?: { characters: readonly CharacterSummary[]; monsters: readonly MonsterChoice[] };
  /** Without actions the map is read-only (a benchmark or a preview). */
  actions?: TableMapActions;
  targeting?: TableTargeting | null;
  /** Attacks being shown (a second each), drawn between where their tokens stand now. */
  attackLines?: readonly AttackLine[];
}

interface Grab {
  usableId: string;
  pointerId: number;
  offset: Point;
  start: Point;
  moved: boolean;
}

type Menu =
  { kind: 'add'; at: Point; position: Point } | { kind: 'token'; at: Point; usableId: string } | null;

/** Pixels the pointer must travel before a press on a token becomes a drag rather than a click. */
const DRAG_THRESHOLD_PX = 4;

/**
 * The map area (table.md §2 "Game screen"): the map the role looks at with its tokens, or the
 * soul-core waves when there is none. Renders from props alone, so a benchmark can mount it with
 * a thousand tokens. Nothing here changes the table: a drop, a click in a menu only asks the
 * server; a token stays where the user dropped it until the answer, then shows the logged place.
 */
export function TableMap({
  table,
  role,
  characterIds,
  drags,
  placeable,
  actions,
  targeting = null,
  attackLines = [],
}: TableMapProps) {
  const map = shownMap(table, role);
  const tokens = tokensOn(table, map);
  const playing = playingOn(table, map);
  const board = useRef<HTMLDivElement>(null);
  const grab = useRef<Grab | null>(null);
  const [local, setLocal] = useState<Record<string, Point>>({});
  const [menu, setMenu] = useState<Menu>(null);
  // Drawn in the board's pixels, reckoned in the map's: the board's size at the press converts them.
  const [measure, setMeasure] = useState<{ from: Point; to: Point; board: Size } | null>(null);
  const [pointer, setPointer] = useState<Point | null>(null);
  const following = useLinePolling(attackLines.length > 0);
  // Read by the tokens' press handler, which stays the same function so a thousand tokens do not redraw.
  const aim = useRef<{ targeting: TableTargeting | null; map: MapRef | null }>({
    targeting: null,
    map: null,
  });
  useEffect(() => {
    aim.current = { targeting, map };
  }, [targeting, map]);

  useEffect(() => {
    if (targeting === null) return;
    const cancelOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') targeting.cancel();
    };
    document.addEventListener('keydown', cancelOnEscape);
    return () => document.removeEventListener('keydown', cancelOnEscape);
  }, [targeting]);

  useEffect(() => {
    if (menu === null) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenu(null);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menu]);

  const boardPoint = useCallback((event: { clientX: number; clientY: number }) => {
    const rect = board.current?.getBoundingClientRect();
    return {
      point: { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) },
      size: { width: rect?.width ?? 0, height: rect?.height ?? 0 },
    };
  }, []);

  const pressToken = useCallback(
    (token: MapToken, event: ReactPointerEvent<HTMLDivElement>) => {
      if (event.button !== 0 || event.altKey || !actions) return;
      event.stopPropagation();
      const { targeting: aiming, map: shown } = aim.current;
      if (aiming) {
        const { point, size } = boardPoint(event);
        aiming.click(toMapPixels(point, size, shown), token.usableId);
        return;
      }
      if (!canControl(role, characterIds, token)) {
        // table.md §6: touching someone else's token does nothing.
        event.preventDefault();
        return;
      }
      const rect = event.currentTarget.getBoundingClientRect();
      grab.current = {
        usableId: token.usableId,
        pointerId: event.pointerId,
        offset: { x: event.clientX - rect.left, y: event.clientY - rect.top },
        start: { x: event.clientX, y: event.clientY },
        moved: false,
      };
      board.current?.setPointerCapture?.(event.pointerId);
    },
    [actions, role, characterIds, boardPoint],
  );

  if (map === null) {
    return (
      <div className="table-map table-map--empty" aria-label={mapMessages.area}>
        <SoulCoreWaves caption={managesTable(role) ? mapMessages.soulCore : mapMessages.waitingMap} />
      </div>
    );
  }

  const positionOf = (event: ReactPointerEvent, held: Grab): Point => {
    const { point, size } = boardPoint(event);
    return pixelsToPercent({ x: point.x - held.offset.x, y: point.y - held.offset.y }, size);
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    setMenu(null);
    if (targeting) {
      const { point, size } = boardPoint(event);
      targeting.click(toMapPixels(point, size, map), null);
      return;
    }
    if (!event.altKey) return;
    // table.md §2: Alt + mouse-down draws the measuring arrow.
    event.preventDefault();
    const { point, size } = boardPoint(event);
    setMeasure({ from: point, to: point, board: size });
    board.current?.setPointerCapture?.(event.pointerId);
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (targeting) {
      const { point, size } = boardPoint(event);
      setPointer(toMapPixels(point, size, map));
    }
    if (measure) {
      const { point } = boardPoint(event);
      setMeasure({ ...measure, to: point });
      return;
    }
    const held = grab.current;
    if (!held || held.pointerId !== event.pointerId || !actions) return;
    if (
      !held.moved &&
      Math.hypot(event.clientX - held.start.x, event.clientY - held.start.y) < DRAG_THRESHOLD_PX
    )
      return;
    held.moved = true;
    const position = positionOf(event, held);
    setLocal((positions) => ({ ...positions, [held.usableId]: position }));
    actions.drag(map.name, held.usableId, position, event.pointerType === 'touch' ? 'touch' : 'mouse');
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (measure) {
      setMeasure(null);
      return;
    }
    const held = grab.current;
    grab.current = null;
    if (!held || !actions) return;
    if (!held.moved) {
      const { point } = boardPoint(event);
      setMenu({ kind: 'token', at: point, usableId: held.usableId });
      return;
    }
    const position = positionOf(event, held);
    setLocal((positions) => ({ ...positions, [held.usableId]: position }));
    void actions.move(map.name, held.usableId, position).finally(() =>
      setLocal((positions) => {
        const rest = { ...positions };
        delete rest[held.usableId];
        return rest;
      }),
    );
  };

  const onContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    event.preventDefault();
    if (!actions) return;
    const { point, size } = boardPoint(event);
    const tokenElement = (event.target as HTMLElement).closest<HTMLElement>('[data-usable-id]');
    const usableId = tokenElement?.dataset.usableId;
    if (usableId) {
      setMenu({ kind: 'token', at: point, usableId });
      return;
    }
    // The clicked point is where the new token's centre goes.
    setMenu({
      kind: 'add',
      at: point,
      position: pixelsToPercent({ x: point.x - 37.5, y: point.y - 37.5 }, size),
    });
  };

  const positionOfToken = (usableId: string): Point | null => {
    const token = tokens.find((candidate) => candidate.usableId === usableId);
    if (!token) return null;
    const at = local[usableId] ?? drags?.[map.name]?.[usableId] ?? token;
    return centreOnMap(at, map);
  };
  const shownLines: ShownAttackLine[] = attackLines
    .filter((line) => line.map === map.name)
    .flatMap((line) => {
      const from = positionOfToken(line.attackerId);
      const to = line.targetIds.map(positionOfToken).filter((point): point is Point => point !== null);
      return from ? [{ key: `${line.seq}-${following}`, from, to }] : [];
    });

  const onMap = new Set(tokens.filter((token) => token.isPlayer).map((token) => token.itemId));
  const menuToken = menu?.kind === 'token' ? table.tokens[map.name]?.[menu.usableId] : undefined;
  const characters = (placeable?.characters ?? []).filter(
    (character) => managesTable(role) || characterIds.includes(character.id),
  );
  const monsters = managesTable(role) ? (placeable?.monsters ?? []) : [];

  return (
    <div className="table-map" aria-label={mapMessages.area}>
      <div
        ref={board}
        className={
          measure
            ? 'table-map__board table-map__board--measuring'
            : targeting
              ? 'table-map__board table-map__board--aiming'
              : 'table-map__board'
        }
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          grab.current = null;
          setMeasure(null);
        }}
        onContextMenu={onContextMenu}
      >
        <img className="table-map__image" src={map.link} alt={map.name} draggable={false} />
        {tokens.map((token) => {
          const dragged = local[token.usableId];
          const remote = dragged ? undefined : drags?.[map.name]?.[token.usableId];
          const at = dragged ?? remote ?? token;
          return (
            <MapTokenView
              key={token.usableId}
              token={token}
              x={at.x}
              y={at.y}
              controllable={actions !== undefined && canControl(role, characterIds, token)}
              dragging={dragged !== undefined}
              remote={remote !== undefined}
              playing={token.usableId === playing}
              onPointerDown={pressToken}
            />
          );
        })}
        <svg
          className="table-map__overlay"
          viewBox={`0 0 ${map.width} ${map.height}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
        >
          <AttackOverlay
            aiming={
              targeting && { attack: targeting.attack, from: targeting.from, range: targeting.range, pointer }
            }
            lines={shownLines}
          />
        </svg>
        {measure && (
          <svg className="table-map__measure" aria-hidden="true" focusable="false">
            <defs>
              <marker
                id="measure-head"
                viewBox="0 0 10 10"
                refX="8"
                refY="5"
                markerWidth="7"
                markerHeight="7"
                orient="auto"
              >
                <path d="M0 0L10 5L0 10z" />
              </marker>
            </defs>
            <line
              x1={measure.from.x}
              y1={measure.from.y}
              x2={measure.to.x}
              y2={measure.to.y}
              markerEnd="url(#measure-head)"
            />
          </svg>
        )}
        {measure && (
          <output className="table-map__distance" style={{ left: measure.to.x + 12, top: measure.to.y + 12 }}>
            {mapMessages.measure(
              measureCells(
                toMapPixels(measure.from, measure.board, map),
                toMapPixels(measure.to, measure.board, map),
              ),
            )}
          </output>
        )}
        {menu?.kind === 'add' && actions && (
          <div
            className="table-menu"
            role="menu"
            aria-label={mapMessages.addToken}
            onPointerDown={(event) => event.stopPropagation()}
            style={{ left: menu.at.x, top: menu.at.y }}
          >
            <p className="table-menu__title">{mapMessages.addToken}</p>
            {characters.length > 0 && <p className="table-menu__group">{mapMessages.players}</p>}
            {characters.map((character) => (
              <button
                key={character.id}
                type="button"
                role="menuitem"
                disabled={onMap.has(character.id)}
                onClick={() => {
                  actions.place(map.name, characterDraft(character, menu.position));
                  setMenu(null);
                }}
              >
                {character.name}
                {onMap.has(character.id) && <small> · {mapMessages.alreadyPlaced}</small>}
              </button>
            ))}
            {monsters.length > 0 && <p className="table-menu__group">{mapMessages.monsters}</p>}
            {monsters.map((monster) => (
              <button
                key={monster.id}
                type="button"
                role="menuitem"
                onClick={() => {
                  actions.place(map.name, monsterDraft(monster, menu.position));
                  setMenu(null);
                }}
              >
                {monster.name}
              </button>
            ))}
            {characters.length === 0 && monsters.length === 0 && (
              <p className="table-menu__empty">{mapMessages.nothingToPlace}</p>
            )}
          </div>
        )}
        {menuToken && menu?.kind === 'token' && actions && (
          <TokenMenu
            token={menuToken}
            at={menu.at}
            role={role}
            controllable={canControl(role, characterIds, menuToken)}
            onClose={() => setMenu(null)}
            onAdjust={(resource, direction, amount) =>
              actions.adjust(map.name, menuToken.usableId, resource, direction, amount)
            }
            onToggleVisibility={() => actions.toggleVisibility(map.name, menuToken.usableId)}
            onRemove={() => {
              actions.remove(map.name, menuToken.usableId);
              setMenu(null);
            }}
            onDetails={() => {
              actions.showDetails(menuToken);
              setMenu(null);
            }}
            onStrike={() => {
              actions.strike(menuToken);
              setMenu(null);
            }}
          />
        )}
      </div>
      <p className="table-map__hint">{mapMessages.measureHint}</p>
    </div>
  );
}
