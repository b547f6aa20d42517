import { useSelector } from '@xstate/react';
import {
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import type { ActorRefFrom } from 'xstate';
import { toFrame, toMap } from '../../domain/geometry/viewport';
import type { CharacterSummary } from '../../api/schemas/characters';
import { percentToPixels, pixelsToPercent, type Point } from '../../domain/geometry/geometry';
import { cellAt, DEFAULT_GRID, gridSteps, stepByCell, type MapGrid } from '../../domain/geometry/grid';
import { gridOf } from '../../domain/table/records';
import { cellOf } from '../../domain/table/spoken';
import type { HealthResource, MapRef, MapToken, TableRole, TableState } from '../../domain/table/types';
import type { ConditionChange } from '../../domain/table/condition-changes';
import type { CreatureSize } from '../../domain/resources/categories';
import type { RemoteDrags } from '../../effects/table';
import type { MonsterChoice } from '../../machines/table-lists.machine';
import type { mapPointerMachine, MapPointerEvent } from '../../machines/map-pointer.machine';
import type { tokenSelectionMachine } from '../../machines/token-selection.machine';
import type { RemoteRulers, ShownPing } from '../../effects/table-pointers';
import { MapPointers } from './MapPointers';
import { MapTokenView } from './MapToken';
import { gridMessages, historyMessages, mapMessages, pointerMessages, visionMessages } from './messages';
import { GridLayer } from './GridLayer';
import { FogLayer } from './FogLayer';
import { FogDraw, FogPanel, type FogEditorActor } from './FogPanel';
import { fogOf, tokenInFog } from '../../domain/table/fog';
import { seesBody } from '../../domain/geometry/sight';
import { SightLayer } from './SightLayer';
import { WallLayer } from './WallLayer';
import { WallDraw, WallPanel, type WallEditorActor } from './WallPanel';
import { GridAlign, GridPanel, type GridEditorActor } from './GridPanel';
import { SoulCoreWaves } from './SoulCoreWaves';
import { controlsToken, managesTable } from '../../domain/table/visibility';
import { tokenCells } from '../../domain/table/token-size';
import { nameCutter } from './name-cut';
import { NAME_SCREEN_PX, nameRooms } from './name-room';
import { centreOnMap, shownMap, tokensOn } from '../../domain/table/shown-map';
import { sightOfToken } from '../../domain/table/player-sight';
import { characterDraft, monsterDraft, playingOn, type TokenDraft } from './table-view';
import { TokenMenu } from './TokenMenu';
import { FloatingMenu } from './FloatingMenu';
import { Menu, MenuItem } from '../components/Menu';
import type { HistoryControls } from './HistoryButtons';
import { MapControls } from './MapControls';
import { isPaintedOut, useMaskedPicture } from './use-masked-picture';
import { useMapViewport, type LongPress, type MapViewportActor } from './use-map-viewport';
import { useCarriedTokens, type TokensLaidOut } from './use-carried-tokens';
import { AttackOverlay, type ShownAttackLine } from './AttackOverlay';
import type { AttackLine } from '../../effects/attacks';
import type { TargetingAttack } from '../../machines/attack-targeting.machine';
import { usePictureSource } from '../components/use-picture-source';

/** What the map's menus ask of the table (the state follows the server's events). */
export interface TableMapActions {
  place(map: string, token: TokenDraft): void;
  remove(map: string, usableId: string): void;
  toggleVisibility(map: string, usableId: string): void;
  adjust(
    map: string,
    usableId: string,
    resource: HealthResource,
    direction: 'decrease' | 'increase',
    amount: number,
  ): void;
  condition(map: string, usableId: string, change: ConditionChange): void;
  /** The MJ's « Taille » for any token. */
  resize(map: string, usableId: string, size: CreatureSize): void;
  showDetails(token: MapToken): void;
  /** The MJ makes this monster strike: targeting starts from it. */
  strike(token: MapToken): void;
}

/** An attack being aimed, as the map draws it: the pointer's presses go to it meanwhile. */
export interface TableTargeting {
  attack: TargetingAttack;
  /** The attacker's centre, its side and the attack's reach, in the map's pixels and cells. */
  from: Point;
  size?: number;
  range: number;
  /** Where the keyboard's arrows aim an area, drawn in place of the pointer's aim. */
  keyboardAim?: Point | null;
}

export type MapPointerActor = ActorRefFrom<typeof mapPointerMachine>;
export type TokenSelectionActor = ActorRefFrom<typeof tokenSelectionMachine>;

const NONE: readonly string[] = [];
const NOTHING_LAID_OUT: TokensLaidOut = { map: { width: 0, height: 0 }, at: new Map() };

export interface TableMapProps {
  /** The game, to ask for a stored map's picture as the reader may see it; without it the map's link is shown. */
  gameId?: string;
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
  /** The map's camera: the live table's, which also brings a token the MJ picks in the list to the middle. */
  viewport: MapViewportActor;
  /** The pointer's gestures: the live table's, which sends their drops and aim's clicks on. */
  pointer: MapPointerActor;
  /** The tokens the user picked to move together; without it nothing is selected. */
  selection?: TokenSelectionActor;
  /** The pings' rings and the others' arrows being shown. */
  pings?: readonly ShownPing[];
  rulers?: RemoteRulers;
  /** Whether the user's arrow is shown to the others, and the switch. */
  sharedRuler?: { on: boolean; set: (on: boolean) => void };
  /** The MJ's grid tool: while it is open its draft is drawn in place of the map's grid. */
  gridEditor?: GridEditorActor;
  /** The user's undo and redo, for whoever has a history at the table (decision 0022). */
  history?: HistoryControls;
  /** The MJ's fog tool: while it is open the map is a surface to draw fog on. */
  fogEditor?: FogEditorActor;
  /** The MJ's walls tool: while it is open the map is a surface to draw walls on. */
  wallEditor?: WallEditorActor;
  /** The token whose eyes the MJ looks through (« Voir par les yeux de »), and the way in and out. */
  eyes?: { usableId: string | null; open: (usableId: string) => void; close: () => void };
}

const ARROW_STEPS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** The map's frame, which the table's skip link « Aller à la carte » focuses. */
export const MAP_FRAME_ID = 'table-map';

/** The keys that zoom the focused map, and fit it. */
const MAP_ZOOM_KEYS: Record<string, 'viewport.zoomIn' | 'viewport.zoomOut' | 'viewport.fit'> = {
  '+': 'viewport.zoomIn',
  '=': 'viewport.zoomIn',
  '-': 'viewport.zoomOut',
  '−': 'viewport.zoomOut',
  '0': 'viewport.fit',
};

/** The least an arrow slides the map, in screen pixels, however small a cell is drawn. */
const MIN_PAN_PX = 24;

/** How far Alt + an arrow moves a token, in cells: freely, off the grid. */
const FREE_STEP = 0.2;

/** Where a token (one cell) whose centre goes at this map point is stored. */
function placedAt(point: Point, map: MapRef, cellPx: number): Point {
  return pixelsToPercent({ x: point.x - cellPx / 2, y: point.y - cellPx / 2 }, map, 1, cellPx);
}

/**
 * The map area (table.md §2 "Game screen"): the map the role looks at with its tokens, or the
 * soul-core waves when there is none. The map, its tokens (one cell each), the ranges and the
 * arrows are drawn in the map's own pixels under one viewport transform (zoom by wheel, pinch or
 * buttons; pan by dragging the empty map or with two fingers), so the ruler, the tokens and the
 * grid agree at every zoom. Renders from props alone, so a benchmark can mount it with a thousand
 * tokens. Nothing here changes the table: a drop, a click in a menu only asks the server; a token
 * stays where the user dropped it until the answer, then shows the logged place.
 */
export function TableMap({
  gameId,
  table,
  role,
  characterIds,
  drags,
  placeable,
  actions,
  targeting = null,
  attackLines = [],
  viewport,
  pointer: gestures,
  selection,
  pings = [],
  rulers = {},
  sharedRuler,
  gridEditor,
  history,
  fogEditor,
  wallEditor,
  eyes,
}: TableMapProps) {
  const reader = { role, characterIds };
  const map = shownMap(table, role);
  const paintedOut = isPaintedOut({ gameId, map, role });
  const ownPicture = usePictureSource(paintedOut ? null : map?.link, 'full');
  const paintedPicture = useMaskedPicture({ gameId, map, table, role, viewport });
  const mapSource = paintedOut ? paintedPicture : ownPicture;
  const draft = useSelector(gridEditor, (snapshot) => snapshot?.context.draft ?? null);
  const snapping = useSelector(gestures, (snapshot) => snapshot.context.snap);
  const drawingFog = useSelector(fogEditor, (snapshot) => snapshot?.matches('open') ?? false);
  const fog = map ? fogOf(table, map.name) : undefined;
  // The MJ's draft while they align it, else the map's own grid.
  const grid: MapGrid | null = useMemo(() => map && (draft ?? gridOf(table, map.name)), [map, draft, table]);
  // Plain numbers for the callbacks the tokens share: the grid as snapping reads it.
  const cellPx = grid?.cellPx ?? DEFAULT_GRID.cellPx;
  const offsetX = grid?.offsetX ?? 0;
  const offsetY = grid?.offsetY ?? 0;
  const vision = map ? table.visions?.[map.name] : undefined;
  const sight = map && table.sight?.map === map.name ? table.sight : undefined;
  const drawingWalls = useSelector(wallEditor, (snapshot) => snapshot?.matches('open') ?? false);
  const erasingWalls = useSelector(wallEditor, (snapshot) => snapshot?.matches({ open: 'erasing' }) ?? false);
  const eyesToken = map && eyes?.usableId ? table.tokens[map.name]?.[eyes.usableId] : undefined;
  // The server's reckoning, its darkvision read at placement: what the token's player is given.
  const eyesSight = useMemo(
    () => (eyesToken && vision && map ? sightOfToken(table, map.name, eyesToken) : null),
    [eyesToken, vision, map, table],
  );
  const wallLayer = vision && map && managesTable(reader) && !eyesSight && (
    <WallLayer
      walls={vision.walls}
      map={map}
      onDoor={
        wallEditor && actions
          ? (id, open) => wallEditor.send({ type: 'door.set', map: map.name, id, open })
          : undefined
      }
    />
  );
  // While walls are drawn the plan lies over the drawing surface, so its doors still take a click;
  // in « Effacer » it lies under it, so a click on a door erases it.
  const doorsOverDrawing = drawingWalls && !erasingWalls;
  const allTokens = tokensOn(table, map);
  // Through a token's eyes the MJ sees only the tokens it sees, as a player would.
  const tokens =
    eyesSight && map
      ? allTokens.filter((token) =>
          seesBody(eyesSight, { centre: centreOnMap(token, map, cellPx), size: tokenCells(token) }, cellPx),
        )
      : allTokens;
  // Computed once per copy of the table, not per frame of a drag.
  const fogged = useMemo(
    () =>
      new Set(
        map && fogOf(table, map.name)
          ? tokensOn(table, map)
              .filter((token) => tokenInFog(table, map.name, token))
              .map((token) => token.usableId)
          : [],
      ),
    [table, map],
  );
  const playing = playingOn(table, map);
  const local = useSelector(gestures, (snapshot) => snapshot.context.local);
  // The grab, the same object all through a drag: the carried tokens are raised once, not per move.
  const carrying = useSelector(gestures, (snapshot) =>
    snapshot.matches({ gesture: 'draggingToken' }) ? snapshot.context.grab : null,
  );
  const menu = useSelector(gestures, (snapshot) => snapshot.context.menu);
  const ruler = useSelector(gestures, (snapshot) => snapshot.matches({ ruler: 'on' }));
  const measure = useSelector(gestures, (snapshot) => snapshot.context.measure);
  const pointer = useSelector(gestures, (snapshot) => snapshot.context.aimAt);
  const selected = useSelector(selection, (snapshot) => snapshot?.context.selected ?? NONE);
  const box = useSelector(selection, (snapshot) => snapshot?.context.box ?? null);
  const picking = useSelector(selection, (snapshot) => snapshot?.context.picking ?? false);
  const closeMenu = () => gestures.send({ type: 'menu.close' });
  const frame = useRef<HTMLDivElement>(null);
  const board = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const [cutName] = useState(nameCutter);
  /** Where the map lays a token out: where the user dropped it, where someone drags it, or its place. */
  const laidOutAt = (token: MapToken): Point =>
    local[token.usableId] ?? (map && drags?.[map.name]?.[token.usableId]) ?? token;
  const laidOut = useRef<TokensLaidOut>(NOTHING_LAID_OUT);
  useLayoutEffect(() => {
    laidOut.current = map
      ? { map, at: new Map(tokens.map((token) => [token.usableId, laidOutAt(token)])) }
      : NOTHING_LAID_OUT;
  });
  useCarriedTokens(gestures, board, laidOut);
  const namesZoom = useMapViewport(viewport, { frame, board }, map, map?.name ?? null, (at: LongPress) => {
    if (map && actions)
      gestures.send({
        type: 'menu.open',
        menu: {
          kind: 'add',
          at: at.client,
          position: placedAt(at.map, map, gridOf(table, map.name).cellPx),
          point: at.map,
        },
      });
  });

  /** A pointer's place in the frame's pixels and on the map. */
  const locate = useCallback(
    (event: { clientX: number; clientY: number }) => {
      const rect = frame.current?.getBoundingClientRect();
      const at = { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) };
      return { at, onMap: toMap(viewport.getSnapshot().context.view, at) };
    },
    [frame, viewport],
  );
  /** What the gestures know of a pointer: which one, and where on the map and in the window. */
  const at = useCallback(
    (event: { pointerId: number; clientX: number; clientY: number }) => ({
      pointerId: event.pointerId,
      onMap: locate(event).onMap,
      client: { x: event.clientX, y: event.clientY },
    }),
    [locate],
  );

  const editable = actions !== undefined;
  const shownName = map?.name ?? null;
  const shownWidth = map?.width ?? 0;
  const shownHeight = map?.height ?? 0;
  // The same function while the map stays, so a thousand tokens do not redraw.
  const pressToken = useCallback(
    (token: MapToken, event: ReactPointerEvent<HTMLDivElement>) => {
      if (event.button !== 0 || event.altKey || !editable || shownName === null) return;
      // Ctrl (⌘) + click pings, the frame's; Maj + click picks the token, or starts a rectangle.
      if (event.ctrlKey || event.metaKey) return;
      const controllable = controlsToken({ role, characterIds }, token);
      const shown = { name: shownName, width: shownWidth, height: shownHeight };
      if (event.shiftKey || selection?.getSnapshot().context.picking) {
        if (!controllable || !selection || gestures.getSnapshot().matches({ aim: 'on' })) return;
        selection.send({ type: 'selection.toggle', usableId: token.usableId });
        event.stopPropagation();
        return;
      }
      const picked = selection?.getSnapshot().context.selected ?? NONE;
      const inGroup = controllable && picked.includes(token.usableId);
      if (controllable && !inGroup && picked.length > 0) selection?.send({ type: 'selection.clear' });
      gestures.send({
        type: 'token.pressed',
        usableId: token.usableId,
        // table.md §6: someone else's token does not move; pressing it pans the map like its floor.
        controllable,
        corner: percentToPixels(token, shown, tokenCells(token), cellPx),
        map: shown,
        // The others start from where the table showed them last, which the pointer keeps.
        group: inGroup ? picked : undefined,
        size: tokenCells(token),
        grid: { ...DEFAULT_GRID, cellPx, offsetX, offsetY },
        ...at(event),
      });
      // Aiming, the press was the aim's click; grabbing, the token's. Else the frame takes it.
      const taken = gestures.getSnapshot();
      if (taken.matches({ aim: 'on' })) event.stopPropagation();
      else if (taken.context.grab?.pointerId === event.pointerId) {
        event.stopPropagation();
        frame.current?.setPointerCapture?.(event.pointerId);
      }
    },
    [
      editable,
      shownName,
      shownWidth,
      shownHeight,
      role,
      characterIds,
      frame,
      gestures,
      at,
      selection,
      cellPx,
      offsetX,
      offsetY,
    ],
  );

  // The same function while the map, its grid and the snapping stay, so a thousand tokens do not redraw.
  const keyToken = useCallback(
    (token: MapToken, event: KeyboardEvent<HTMLDivElement>) => {
      if (!editable || shownName === null || event.shiftKey || event.ctrlKey || event.metaKey) return;
      const carried = gestures.getSnapshot().context.lift?.usableId === token.usableId;
      const press = event.key === 'Enter' || event.key === ' ';
      if (carried && (press || event.key === 'Escape')) {
        event.preventDefault();
        gestures.send({ type: press ? 'token.putDown' : 'token.putBack', usableId: token.usableId });
        return;
      }
      if (press) {
        event.preventDefault();
        const rect = event.currentTarget.getBoundingClientRect();
        gestures.send({
          type: 'menu.open',
          menu: {
            kind: 'token',
            at: { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 },
            usableId: token.usableId,
          },
        });
        return;
      }
      const step = ARROW_STEPS[event.key];
      if (!step || !controlsToken({ role, characterIds }, token)) return;
      event.preventDefault();
      const shown = { width: shownWidth, height: shownHeight };
      const cells = { ...DEFAULT_GRID, cellPx, offsetX, offsetY };
      const from = gestures.getSnapshot().context.local[token.usableId] ?? token;
      // Alt moves it freely, a fifth of a cell, off the grid.
      const free = event.altKey;
      const stride = free ? { x: step.x * FREE_STEP, y: step.y * FREE_STEP } : step;
      const snap = snapping && !free;
      gestures.send({
        type: 'token.stepped',
        map: shownName,
        usableId: token.usableId,
        name: token.name,
        from: { x: token.x, y: token.y },
        position: stepByCell(from, stride, cells, shown, snap, tokenCells(token)),
        snap,
      });
    },
    [
      editable,
      shownName,
      shownWidth,
      shownHeight,
      cellPx,
      offsetX,
      offsetY,
      snapping,
      gestures,
      role,
      characterIds,
    ],
  );
  const blurToken = useCallback(
    (token: MapToken) => {
      if (gestures.getSnapshot().context.lift?.usableId === token.usableId)
        gestures.send({ type: 'token.putBack', usableId: token.usableId });
    },
    [gestures],
  );

  if (map === null) {
    return (
      <div className="table-map table-map--empty" aria-label={mapMessages.area}>
        <SoulCoreWaves caption={managesTable(reader) ? mapMessages.soulCore : mapMessages.waitingMap} />
      </div>
    );
  }

  const ctrlOf = (event: { ctrlKey: boolean; metaKey: boolean }) => event.ctrlKey || event.metaKey;

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button === 2) return;
    closeMenu();
    const { at: inFrame, onMap: pressedAt } = locate(event);
    // Maj + drag on the map draws the selection's rectangle over the tokens the user may move.
    if (
      (event.shiftKey || picking) &&
      !ctrlOf(event) &&
      !event.altKey &&
      event.button === 0 &&
      event.isPrimary &&
      selection &&
      actions &&
      !targeting &&
      !ruler
    ) {
      selection.send({
        type: 'box.started',
        pointerId: event.pointerId,
        at: pressedAt,
        selectable: tokens
          .filter((token) => controlsToken(reader, token))
          .map((token) => ({ usableId: token.usableId, centre: centreOnMap(token, map, cellPx) })),
      });
      event.preventDefault();
      frame.current?.setPointerCapture?.(event.pointerId);
      return;
    }
    gestures.send({
      type: 'frame.pressed',
      alt: event.altKey,
      ctrl: actions !== undefined && ctrlOf(event),
      shift: event.shiftKey,
      mainButton: event.button === 0,
      isPrimary: event.isPrimary,
      ...at(event),
    });
    if (targeting) return;
    // The press pinged: no pan.
    if (actions && ctrlOf(event) && event.button === 0) return;
    if (gestures.getSnapshot().context.measure?.pointerId === event.pointerId) {
      // table.md §2: Alt + mouse-down draws the measuring arrow (the ruler button does on touch).
      event.preventDefault();
      frame.current?.setPointerCapture?.(event.pointerId);
      return;
    }
    if (event.button > 1) return;
    viewport.send({
      type: 'pointer.pressed',
      id: event.pointerId,
      at: inFrame,
      touch: event.pointerType !== 'mouse',
    });
    frame.current?.setPointerCapture?.(event.pointerId);
  };

  const boxed = (event: { pointerId: number }) =>
    selection?.getSnapshot().context.box?.pointerId === event.pointerId;

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (boxed(event)) {
      selection?.send({ type: 'box.moved', pointerId: event.pointerId, at: locate(event).onMap });
      return;
    }
    if (targeting) gestures.send({ type: 'aim.moved', onMap: locate(event).onMap });
    const { measure: arrow, grab } = gestures.getSnapshot().context;
    if (arrow || (grab?.pointerId === event.pointerId && actions)) {
      gestures.send({ type: 'pointer.moved', touch: event.pointerType === 'touch', ...at(event) });
      return;
    }
    if (!viewport.getSnapshot().matches({ gesture: 'idle' }))
      viewport.send({ type: 'pointer.moved', id: event.pointerId, at: locate(event).at });
  };

  const release = (event: ReactPointerEvent<HTMLDivElement>, dropped: boolean) => {
    if (boxed(event)) {
      selection?.send({ type: 'box.released', pointerId: event.pointerId, at: locate(event).onMap, dropped });
      return;
    }
    viewport.send({ type: 'pointer.released', id: event.pointerId });
    if (actions || gestures.getSnapshot().context.measure)
      gestures.send({
        type: 'pointer.released',
        dropped,
        free: event.altKey,
        ...at(event),
      } satisfies MapPointerEvent);
  };

  const onContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    event.preventDefault();
    if (!actions || targeting) return;
    const where = { x: event.clientX, y: event.clientY };
    const tokenElement = (event.target as HTMLElement).closest<HTMLElement>('[data-usable-id]');
    const usableId = tokenElement?.dataset.usableId;
    gestures.send({
      type: 'menu.open',
      menu: usableId
        ? { kind: 'token', at: where, usableId }
        : {
            kind: 'add',
            at: where,
            position: placedAt(locate(event).onMap, map, cellPx),
            point: locate(event).onMap,
          },
    });
  };

  // Maj + Entrée (or Espace) on a focused token of the user's picks it, as Maj + click does.
  const pickToken = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!event.shiftKey || (event.key !== 'Enter' && event.key !== ' ') || !selection || !actions) return;
    const usableId = (event.target as HTMLElement).closest<HTMLElement>('[data-usable-id]')?.dataset.usableId;
    const token = usableId ? table.tokens[map.name]?.[usableId] : undefined;
    if (!token || !controlsToken(reader, token)) return;
    event.preventDefault();
    selection.send({ type: 'selection.toggle', usableId: token.usableId });
  };

  /**
   * The map itself focused: the arrows slide the view a cell (Maj: a fifth of the frame), + and −
   * zoom, 0 fits, and Enter opens « Ajouter un pion » at the cross in the middle of the view.
   */
  const keyMap = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const step = ARROW_STEPS[event.key];
    const zoom = MAP_ZOOM_KEYS[event.key];
    if (step) {
      const { scale } = viewport.getSnapshot().context.view;
      const stride = event.shiftKey
        ? { x: rect.width / 5, y: rect.height / 5 }
        : { x: Math.max(MIN_PAN_PX, cellPx * scale), y: Math.max(MIN_PAN_PX, cellPx * scale) };
      viewport.send({ type: 'viewport.pan', by: { x: -step.x * stride.x, y: -step.y * stride.y } });
    } else if (zoom) viewport.send({ type: zoom });
    else if (event.key === 'Enter' && actions && !targeting) {
      const point = middleOfView();
      gestures.send({
        type: 'menu.open',
        menu: {
          kind: 'add',
          at: { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 },
          position: placedAt(point, map, cellPx),
          point,
        },
      });
    } else return;
    event.preventDefault();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) =>
    event.target === event.currentTarget ? keyMap(event) : pickToken(event);

  /** Where a token stands now and its side in cells, for the line of an attack. */
  const standing = (usableId: string): { centre: Point; size: number } | null => {
    const token = tokens.find((candidate) => candidate.usableId === usableId);
    if (!token) return null;
    const at = local[usableId] ?? drags?.[map.name]?.[usableId] ?? token;
    return { centre: centreOnMap({ ...at, size: token.size }, map, cellPx), size: tokenCells(token) };
  };
  const shownLines: ShownAttackLine[] = attackLines
    .filter((line) => line.map === map.name)
    .flatMap((line) => {
      const from = standing(line.attackerId);
      const to = line.targetIds.map(standing).filter((target) => target !== null);
      return from
        ? [
            {
              key: String(line.seq),
              from: from.centre,
              fromSize: from.size,
              to: to.map((target) => target.centre),
              toSizes: to.map((target) => target.size),
            },
          ]
        : [];
    });

  // Where the tokens stand, not where a hand holds one: a drag moves no name's room.
  const rooms = nameRooms(tokens, map, cellPx);
  const carried = new Set(
    carrying ? [carrying.usableId, ...carrying.group.map((member) => member.usableId)] : NONE,
  );
  const onMap = new Set(tokens.filter((token) => token.isPlayer).map((token) => token.itemId));
  const menuToken = menu?.kind === 'token' ? table.tokens[map.name]?.[menu.usableId] : undefined;
  const characters = (placeable?.characters ?? []).filter(
    (character) => managesTable(reader) || characterIds.includes(character.id),
  );
  const monsters = managesTable(reader) ? (placeable?.monsters ?? []) : [];
  const view = viewport.getSnapshot().context.view;
  /** The point of the map in the middle of what the frame shows. */
  const middleOfView = () => {
    const rect = frame.current?.getBoundingClientRect();
    return toMap(viewport.getSnapshot().context.view, {
      x: (rect?.width ?? 0) / 2,
      y: (rect?.height ?? 0) / 2,
    });
  };
  const arrow = measure && { from: toFrame(view, measure.from), to: toFrame(view, measure.to) };

  return (
    <div
      className="table-map"
      aria-label={mapMessages.area}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && eyesToken) eyes?.close();
      }}
    >
      <div
        ref={frame}
        className={
          measure || ruler
            ? 'table-map__frame table-map__frame--measuring'
            : targeting
              ? 'table-map__frame table-map__frame--aiming'
              : 'table-map__frame'
        }
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => release(event, true)}
        onPointerCancel={(event) => release(event, false)}
        onContextMenu={onContextMenu}
        onKeyDown={onKeyDown}
        id={MAP_FRAME_ID}
        tabIndex={0}
        role="application"
        aria-roledescription={mapMessages.frameRole}
        aria-label={actions ? mapMessages.frameKeys : mapMessages.frameKeysReadOnly}
      >
        <div
          ref={board}
          className="table-map__board"
          style={{
            width: map.width,
            height: map.height,
            ['--cell-px' as string]: `${cellPx}px`,
            ['--name-px' as string]: `${NAME_SCREEN_PX}px`,
          }}
        >
          {mapSource && <img className="table-map__image" src={mapSource} alt={map.name} draggable={false} />}
          {grid && <GridLayer grid={grid} map={map} />}
          {fog && <FogLayer fog={fog} map={map} veiled={managesTable(reader)} />}
          {sight && grid && (
            <SightLayer
              polygons={sight.polygons}
              explored={sight.explored}
              grid={grid}
              map={map}
              dimmedInPicture={paintedOut}
            />
          )}
          {eyesSight && grid && <SightLayer polygons={eyesSight} explored={null} grid={grid} map={map} />}
          {!doorsOverDrawing && wallLayer}
          {gridEditor && draft && <GridAlign editor={gridEditor} locate={(event) => locate(event).onMap} />}
          {tokens.map((token) => {
            const dropped = local[token.usableId];
            const remote = dropped ? undefined : drags?.[map.name]?.[token.usableId];
            const at = laidOutAt(token);
            const room = rooms.get(token.usableId);
            return (
              <MapTokenView
                key={token.usableId}
                token={token}
                x={at.x}
                y={at.y}
                controllable={actions !== undefined && controlsToken(reader, token)}
                selected={selected.includes(token.usableId)}
                fogged={fogged.has(token.usableId)}
                dragging={dropped !== undefined || carried.has(token.usableId)}
                remote={remote !== undefined}
                playing={token.usableId === playing}
                nameRoom={room}
                nameCut={room === undefined ? undefined : cutName(token.name, room, namesZoom)}
                place={cellOf(token, map, gridOf(table, map.name))}
                onPointerDown={pressToken}
                onKeyDown={actions ? keyToken : undefined}
                onBlur={blurToken}
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
                targeting && {
                  attack: targeting.attack,
                  from: targeting.from,
                  size: targeting.size,
                  range: targeting.range,
                  pointer: targeting.keyboardAim ?? pointer,
                }
              }
              lines={shownLines}
              cellPx={cellPx}
            />
            <MapPointers map={map.name} box={box} pings={pings} rulers={rulers} />
          </svg>
          {fogEditor && (
            <FogDraw
              editor={fogEditor}
              map={map}
              cellPx={cellPx}
              locate={(event) => locate(event).onMap}
              viewCentre={() => {
                const rect = frame.current?.getBoundingClientRect();
                return locate({
                  clientX: (rect?.left ?? 0) + (rect?.width ?? 0) / 2,
                  clientY: (rect?.top ?? 0) + (rect?.height ?? 0) / 2,
                }).onMap;
              }}
            />
          )}
          {wallEditor && grid && (
            <WallDraw
              editor={wallEditor}
              map={map}
              grid={grid}
              walls={vision?.walls ?? []}
              locate={(event) => locate(event).onMap}
            />
          )}
          {doorsOverDrawing && wallLayer}
        </div>
        {arrow && (
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
              x1={arrow.from.x}
              y1={arrow.from.y}
              x2={arrow.to.x}
              y2={arrow.to.y}
              markerEnd="url(#measure-head)"
            />
          </svg>
        )}
        {arrow && measure && (
          <output className="table-map__distance" style={{ left: arrow.to.x + 12, top: arrow.to.y + 12 }}>
            {gridMessages.steps(gridSteps(measure.from, measure.to, grid ?? gridOf(table, map.name)))}
          </output>
        )}
      </div>
      <MapControls
        history={actions ? history : undefined}
        viewport={viewport}
        ruler={ruler}
        onRuler={(on) => gestures.send({ type: 'ruler.set', on })}
        snap={snapping}
        onSnap={(on) => gestures.send({ type: 'snap.set', on })}
        grid={
          gridEditor && managesTable(reader) && actions
            ? {
                open: draft !== null,
                onOpen: () => {
                  const stored = gridOf(table, map.name);
                  // The cell to drag: the one in the middle of what the frame shows, so it is in sight.
                  const { column, row } = cellAt(middleOfView(), stored);
                  gridEditor.send({
                    type: 'grid.open',
                    map: map.name,
                    grid: stored,
                    anchor: { column: Math.max(0, column), row: Math.max(0, row) },
                  });
                },
              }
            : null
        }
        fog={
          fogEditor && managesTable(reader) && actions
            ? { open: drawingFog, onOpen: () => fogEditor.send({ type: 'fog.open', map: map.name }) }
            : null
        }
        walls={
          wallEditor && managesTable(reader) && actions
            ? {
                open: drawingWalls,
                onOpen: () =>
                  wallEditor.send({
                    type: 'walls.open',
                    map: map.name,
                    grid: gridOf(table, map.name),
                    size: { width: map.width, height: map.height },
                    // The keyboard's cursor starts in sight.
                    at: middleOfView(),
                  }),
              }
            : null
        }
        sharedRuler={sharedRuler}
        picking={
          selection && actions
            ? { on: picking, set: (on) => selection.send({ type: 'selection.picking', on }) }
            : undefined
        }
      />
      {gridEditor && <GridPanel editor={gridEditor} />}
      {fogEditor && <FogPanel editor={fogEditor} />}
      {wallEditor && <WallPanel editor={wallEditor} lighting={vision?.lighting ?? 'lit'} />}
      {eyesToken && eyes && (
        <div className="table-map__eyes" role="status">
          <span>{visionMessages.eyesBanner(eyesToken.name)}</span>
          <button
            type="button"
            className="secondary"
            // Escape leaves the view from here: the token's menu that opened it is gone.
            autoFocus
            onClick={eyes.close}
          >
            {visionMessages.eyesBack}
          </button>
        </div>
      )}
      <details className="table-map__hint">
        <summary>{mapMessages.shortcuts}</summary>
        <ul>
          <li>{mapMessages.measureHint}</li>
          {actions && (
            <>
              <li>{gridMessages.freeDropHint}</li>
              <li>{pointerMessages.pingHint}</li>
              {managesTable(reader) && <li>{pointerMessages.bringHint}</li>}
              <li>{pointerMessages.selectHint}</li>
              {history && <li>{historyMessages.hint}</li>}
            </>
          )}
        </ul>
      </details>
      {menu?.kind === 'add' && actions && (
        <FloatingMenu at={menu.at} onClose={closeMenu}>
          <Menu label={mapMessages.addToken} onClose={closeMenu}>
            <MenuItem onSelect={() => gestures.send({ type: 'map.ping', at: menu.point, bring: false })}>
              {pointerMessages.pingHere}
            </MenuItem>
            {managesTable(reader) && map.name === table.currentMap?.name && (
              <MenuItem onSelect={() => gestures.send({ type: 'map.ping', at: menu.point, bring: true })}>
                {pointerMessages.bringHere}
              </MenuItem>
            )}
            <p className="menu__title">{mapMessages.addToken}</p>
            {characters.length > 0 && <p className="menu__group">{mapMessages.players}</p>}
            {characters.map((character) => (
              <MenuItem
                key={character.id}
                disabled={onMap.has(character.id)}
                onSelect={() => {
                  actions.place(map.name, characterDraft(character, menu.position));
                  closeMenu();
                }}
              >
                {character.name}
                {onMap.has(character.id) && <small> · {mapMessages.alreadyPlaced}</small>}
              </MenuItem>
            ))}
            {monsters.length > 0 && <p className="menu__group">{mapMessages.monsters}</p>}
            {/* The MJ places a monster in sight, or hidden from the players from the start. */}
            {monsters.map((monster) => {
              const place = (hidden: boolean) => {
                actions.place(map.name, monsterDraft(monster, menu.position, map, hidden));
                closeMenu();
              };
              return (
                <div key={monster.id} className="menu__pair">
                  <MenuItem id={`${menuId}-${monster.id}`} onSelect={() => place(false)}>
                    {monster.name}
                  </MenuItem>
                  <MenuItem
                    className="menu__item--aside"
                    describedBy={`${menuId}-${monster.id}`}
                    onSelect={() => place(true)}
                  >
                    {mapMessages.placeHidden}
                  </MenuItem>
                </div>
              );
            })}
            {characters.length === 0 && monsters.length === 0 && (
              <p className="menu__note">{mapMessages.nothingToPlace}</p>
            )}
          </Menu>
        </FloatingMenu>
      )}
      {menuToken && menu?.kind === 'token' && actions && (
        <FloatingMenu
          at={menu.at}
          onClose={closeMenu}
          returnFocusTo={() =>
            board.current?.querySelector<HTMLElement>(
              `[data-usable-id="${CSS.escape(menuToken.usableId)}"]`,
            ) ?? null
          }
        >
          <TokenMenu
            token={menuToken}
            role={role}
            controllable={controlsToken(reader, menuToken)}
            onClose={closeMenu}
            onAdjust={(resource, direction, amount) =>
              actions.adjust(map.name, menuToken.usableId, resource, direction, amount)
            }
            onToggleVisibility={() => actions.toggleVisibility(map.name, menuToken.usableId)}
            onCondition={(change) => actions.condition(map.name, menuToken.usableId, change)}
            onResize={(size) => actions.resize(map.name, menuToken.usableId, size)}
            onRemove={() => {
              actions.remove(map.name, menuToken.usableId);
              closeMenu();
            }}
            onDetails={() => {
              actions.showDetails(menuToken);
              closeMenu();
            }}
            onStrike={() => {
              actions.strike(menuToken);
              closeMenu();
            }}
            onEyes={
              vision && eyes && managesTable(reader)
                ? () => {
                    eyes.open(menuToken.usableId);
                    closeMenu();
                  }
                : undefined
            }
          />
        </FloatingMenu>
      )}
    </div>
  );
}
