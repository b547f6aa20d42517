import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Size } from '../../domain/geometry/geometry';
import { HIDDEN_TURN, type MapToken } from '../../domain/table/types';
import { moveEntry } from '../../domain/turn-order/turn-order';
import { storedTurnPanel, turnPanelLogic } from '../../effects/turn-panel';
import { isOwnTurn, type turnOrderMachine } from '../../machines/turn-order.machine';
import { turnOrderMessages } from './messages';
import { placePanel, PANEL_MARGIN_PX, type Box } from './panel-placement';
import { usePointerDrag } from './pointer-drag';
import { healthText, isDead } from './table-view';
import { conditionsOf } from '../../domain/table/conditions';
import { ConditionRow } from '../conditions/ConditionIcon';

/** table.md §2: the panel starts 0.45 of the window's height down. */
export const TURN_PANEL_START = 0.45;
const PANEL_WIDTH_PX = 272;
/** A phone held landscape, or lower: the height below which the panel starts folded. */
const SHORT_SCREEN_PX = 500;

/** The map's area the panel floats in, the map's own buttons it keeps clear of, and its own size. */
interface Surroundings {
  area: Size & { top: number };
  avoided: Box[];
  panel: Size;
}

/** Measured from the page: the panel is the map area's child, the buttons are the map's toolbar. */
function surroundingsOf(panel: HTMLElement): Surroundings | null {
  const area = panel.parentElement;
  if (!area) return null;
  const frame = area.getBoundingClientRect();
  const avoided = [...area.querySelectorAll<HTMLElement>('.map-controls')].map((element) => {
    const box = element.getBoundingClientRect();
    return { x: box.left - frame.left, y: box.top - frame.top, width: box.width, height: box.height };
  });
  return {
    area: { width: frame.width, height: frame.height, top: frame.top },
    avoided,
    panel: { width: panel.offsetWidth, height: panel.offsetHeight },
  };
}

/** Keeps the surroundings measured as the window, the map's area, the panel or the map's buttons change size. */
function useSurroundings(panel: RefObject<HTMLElement | null>, folded: boolean): Surroundings | null {
  const [surroundings, setSurroundings] = useState<Surroundings | null>(null);
  useLayoutEffect(() => {
    const element = panel.current;
    if (!element) return;
    const measure = () => {
      const next = surroundingsOf(element);
      setSurroundings((last) => (JSON.stringify(last) === JSON.stringify(next) ? last : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.parentElement) observer.observe(element.parentElement);
    // The map's buttons come and go with the map.
    const mutations = new MutationObserver(measure);
    if (element.parentElement) mutations.observe(element.parentElement, { childList: true, subtree: true });
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      mutations.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [panel, folded]);
  return surroundings;
}

/** The entry being dragged, the place it would land in among the others, and how far it moved. */
interface Lifted {
  usableId: string;
  to: number;
  dy: number;
}

/** Where the drop indicator goes: before the entry landing after the lifted one, or after the last. */
function dropMarkOf(
  order: readonly string[],
  lifted: Lifted | null,
): { usableId: string; after: boolean } | null {
  const from = lifted ? order.indexOf(lifted.usableId) : -1;
  if (!lifted || from === -1 || from === lifted.to) return null;
  const others = order.filter((usableId) => usableId !== lifted.usableId);
  return lifted.to < others.length
    ? { usableId: others[lifted.to]!, after: false }
    : { usableId: others[others.length - 1]!, after: true };
}

/** The panel, which the table's skip link « Aller à l’ordre du tour » focuses. */
export const TURN_PANEL_ID = 'table-turn-order';

/**
 * The floating turn-order panel (table.md §2, §4 "Turn order"). The MJ and the admin generate,
 * advance, pick the participants, reorder by dragging and start a new combat; players watch the
 * same order and end their own turns. Every reader moves and folds the panel for themselves (turn-panel.machine).
 */
export function TurnOrderPanel({
  gameId,
  turnOrder,
  tokens,
}: {
  gameId: string;
  turnOrder: ActorRefFrom<typeof turnOrderMachine>;
  tokens: Record<string, MapToken>;
}) {
  const titleId = useId();
  const order = useSelector(turnOrder, (snapshot) => snapshot.context.order);
  const map = useSelector(turnOrder, (snapshot) => snapshot.context.map);
  const canManage = useSelector(turnOrder, (snapshot) => snapshot.context.canManage);
  const running = useSelector(turnOrder, (snapshot) => snapshot.matches('running'));
  const advancing = useSelector(turnOrder, (snapshot) => snapshot.matches({ running: 'advancing' }));
  const round = useSelector(turnOrder, (snapshot) => snapshot.context.round);
  const ownTurn = useSelector(
    turnOrder,
    (snapshot) => snapshot.matches('running') && isOwnTurn(snapshot.context),
  );
  const panelLogic = useMemo(() => turnPanelLogic(gameId), [gameId]);
  const panel = useActorRef(panelLogic, {
    input: { stored: storedTurnPanel(gameId), foldedAtFirst: window.innerHeight <= SHORT_SCREEN_PX },
  });
  const place = useSelector(panel, (snapshot) => snapshot.context.place);
  const collapsed = useSelector(panel, (snapshot) => snapshot.context.folded);
  const dragging = useSelector(panel, (snapshot) => snapshot.matches('dragging'));
  const [showParticipants, setShowParticipants] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const aside = useRef<HTMLElement>(null);
  const [lifted, setLifted] = useState<Lifted | null>(null);
  const reorderable = canManage && running && order.length > 1;
  /**
   * « Finir mon tour » goes once the turn passes: had it the focus, the focus would fall to the
   * page's body and a keyboard or screen-reader user would be thrown back to its top. The panel
   * takes it instead, where the next turn is read.
   */
  const keepFocusInPanel = useCallback((button: HTMLButtonElement | null) => {
    if (!button) return;
    return () => {
      if (document.activeElement === button) aside.current?.focus({ preventScroll: true });
    };
  }, []);

  // Kept inside the map's area and above its buttons as the window changes: a panel off screen
  // cannot be grabbed back, one over the buttons takes their clicks.
  const surroundings = useSurroundings(aside, collapsed);
  const placed = (wanted: { x: number; y: number }) =>
    surroundings ? placePanel(wanted, surroundings.panel, surroundings.area, surroundings.avoided) : null;
  const shown = surroundings
    ? placed(
        place ?? {
          x: surroundings.area.width - surroundings.panel.width - PANEL_MARGIN_PX,
          y: Math.round(window.innerHeight * TURN_PANEL_START - surroundings.area.top),
        },
      )
    : null;

  const panelDrag = usePointerDrag<{ dx: number; dy: number }>({
    move: ({ dx, dy }, event) => {
      const area = aside.current?.parentElement?.getBoundingClientRect();
      const to = area && placed({ x: event.clientX - area.left - dx, y: event.clientY - area.top - dy });
      if (to) panel.send({ type: 'panel.move', place: { x: to.x, y: to.y } });
    },
    drop: () => panel.send({ type: 'panel.drop' }),
    cancel: () => panel.send({ type: 'panel.cancel' }),
  });

  /** Among the other entries, the lifted one lands before the first whose middle is below the pointer. */
  const landingAt = (usableId: string, clientY: number) => {
    const others = [...(list.current?.children ?? [])].filter(
      (row) => (row as HTMLElement).dataset.usableId !== usableId,
    );
    const below = others.findIndex((row) => {
      const box = row.getBoundingClientRect();
      return clientY < box.top + box.height / 2;
    });
    return below === -1 ? others.length : below;
  };

  /** The lifted entry follows the pointer up and down, within the list, which would clip it. */
  const entryDrag = usePointerDrag<{ usableId: string; startY: number; minDy: number; maxDy: number }>({
    move: ({ usableId, startY, minDy, maxDy }, event) =>
      setLifted({
        usableId,
        to: landingAt(usableId, event.clientY),
        dy: Math.min(maxDy, Math.max(minDy, event.clientY - startY)),
      }),
    drop: ({ usableId }, event) => {
      setLifted(null);
      const from = order.indexOf(usableId);
      const to = landingAt(usableId, event.clientY);
      if (from === -1 || from === to) return;
      turnOrder.send({ type: 'turnOrder.reorder', order: moveEntry(order, from, to) });
    },
    cancel: () => setLifted(null),
  });
  const dropMark = dropMarkOf(order, lifted);

  const everyToken = Object.values(tokens).sort((a, b) => a.name.localeCompare(b.name, 'fr'));

  return (
    <aside
      ref={aside}
      id={TURN_PANEL_ID}
      tabIndex={-1}
      className={dragging ? 'turn-panel turn-panel--dragging' : 'turn-panel'}
      aria-labelledby={titleId}
      style={{
        left: shown?.x,
        top: shown?.y,
        maxHeight: shown?.maxHeight,
        width: collapsed ? undefined : PANEL_WIDTH_PX,
        visibility: shown ? undefined : 'hidden',
      }}
    >
      <header
        className="turn-panel__header"
        onPointerDown={(event) => {
          if (event.button !== 0 || (event.target as HTMLElement).closest('button') || !shown) return;
          // The press would start a text selection that the drag would then stretch over the page.
          event.preventDefault();
          const box = event.currentTarget.parentElement!.getBoundingClientRect();
          if (panelDrag.grab(event, { dx: event.clientX - box.left, dy: event.clientY - box.top })) {
            panel.send({ type: 'panel.grab' });
            panel.send({ type: 'panel.move', place: { x: shown.x, y: shown.y } });
          }
        }}
        {...panelDrag.listeners}
        title={turnOrderMessages.move}
      >
        <h2 id={titleId}>{turnOrderMessages.title}</h2>
        {running && round !== null && (
          <span className="turn-panel__round">{turnOrderMessages.round(round)}</span>
        )}
        <button
          type="button"
          className="turn-panel__collapse secondary"
          aria-expanded={!collapsed}
          aria-label={collapsed ? turnOrderMessages.expand : turnOrderMessages.collapse}
          onClick={() => panel.send({ type: 'panel.fold' })}
        >
          {collapsed ? '▸' : '▾'}
        </button>
      </header>
      {!collapsed && (
        <div className="turn-panel__body">
          {map === null ? (
            <p className="turn-panel__empty">{turnOrderMessages.noMap}</p>
          ) : order.length === 0 ? (
            <p className="turn-panel__empty">{turnOrderMessages.noCombat}</p>
          ) : (
            <ol
              ref={list}
              className={
                reorderable ? 'turn-panel__order turn-panel__order--reorderable' : 'turn-panel__order'
              }
              aria-label={turnOrderMessages.title}
            >
              {order.map((usableId, index) => {
                const token = tokens[usableId];
                return (
                  <li
                    key={usableId}
                    className={[
                      'turn-panel__entry',
                      index === 0 ? 'turn-panel__entry--current' : '',
                      usableId === HIDDEN_TURN
                        ? 'turn-panel__entry--hidden'
                        : token?.isPlayer
                          ? 'turn-panel__entry--player'
                          : 'turn-panel__entry--monster',
                      token && isDead(token) ? 'turn-panel__entry--dead' : '',
                      lifted?.usableId === usableId ? 'turn-panel__entry--lifted' : '',
                      dropMark?.usableId === usableId
                        ? `turn-panel__entry--drop-${dropMark.after ? 'after' : 'before'}`
                        : '',
                    ]
                      .filter(Boolean)
                      .join(' ')}
                    data-usable-id={usableId}
                    style={
                      lifted?.usableId === usableId ? { transform: `translateY(${lifted.dy}px)` } : undefined
                    }
                    onPointerDown={
                      reorderable
                        ? (event) => {
                            // A finger drags by the grip only, so the rest of a long list still scrolls.
                            const grip = (event.target as HTMLElement).closest('.turn-panel__grip');
                            if (event.button !== 0 || (event.pointerType === 'touch' && !grip)) return;
                            const row = event.currentTarget.getBoundingClientRect();
                            const area = list.current!.getBoundingClientRect();
                            const held = {
                              usableId,
                              startY: event.clientY,
                              minDy: area.top - row.top,
                              maxDy: area.bottom - row.bottom,
                            };
                            if (entryDrag.grab(event, held)) {
                              setLifted({ usableId, to: index, dy: 0 });
                            }
                          }
                        : undefined
                    }
                    {...entryDrag.listeners}
                    tabIndex={reorderable ? 0 : undefined}
                    aria-keyshortcuts={reorderable ? 'Alt+ArrowUp Alt+ArrowDown' : undefined}
                    title={reorderable ? turnOrderMessages.reorderKeys : undefined}
                    onKeyDown={
                      reorderable
                        ? (event) => {
                            // The keyboard's way of dragging: one place up or down per press.
                            const step = { ArrowUp: -1, ArrowDown: 1 }[event.key];
                            const to = index + (step ?? 0);
                            if (!event.altKey || step === undefined || to < 0 || to >= order.length) return;
                            event.preventDefault();
                            turnOrder.send({ type: 'turnOrder.reorder', order: moveEntry(order, index, to) });
                          }
                        : undefined
                    }
                  >
                    {reorderable && <span className="turn-panel__grip" aria-hidden="true" />}
                    <span className="turn-panel__rank">{index + 1}</span>
                    <span className="turn-panel__name">
                      {usableId === HIDDEN_TURN ? turnOrderMessages.hiddenTurn : (token?.name ?? usableId)}
                    </span>
                    {token && <ConditionRow conditions={conditionsOf(token)} />}
                    {index === 0 && <span className="turn-panel__playing">{turnOrderMessages.playing}</span>}
                    {token && <span className="turn-panel__hp">{healthText(token)}</span>}
                  </li>
                );
              })}
            </ol>
          )}
          {ownTurn && !canManage && (
            <div className="turn-panel__actions">
              {/* As « Tour suivant »: focusable while the server answers, the press going nowhere. */}
              <button
                ref={keepFocusInPanel}
                type="button"
                aria-disabled={advancing || undefined}
                onClick={(event) => turnOrder.send({ type: 'turnOrder.end', clicks: event.detail })}
              >
                {turnOrderMessages.endTurn}
              </button>
            </div>
          )}
          {canManage && map !== null && (
            <>
              {reorderable && <p className="turn-panel__hint">{turnOrderMessages.reorderHint}</p>}
              <div className="turn-panel__actions">
                <button type="button" onClick={() => turnOrder.send({ type: 'turnOrder.generate' })}>
                  {turnOrderMessages.generate}
                </button>
                {/* While the server answers, the press goes nowhere: aria-disabled keeps the focus here. */}
                <button
                  type="button"
                  disabled={!running}
                  aria-disabled={advancing || undefined}
                  onClick={(event) => turnOrder.send({ type: 'turnOrder.next', clicks: event.detail })}
                >
                  {turnOrderMessages.next}
                </button>
                <button
                  type="button"
                  className="secondary"
                  disabled={!running}
                  onClick={() => turnOrder.send({ type: 'turnOrder.newCombat' })}
                >
                  {turnOrderMessages.newCombat}
                </button>
              </div>
              <button
                type="button"
                className="turn-panel__participants-toggle secondary"
                aria-expanded={showParticipants}
                onClick={() => setShowParticipants((value) => !value)}
              >
                {turnOrderMessages.participants} ({everyToken.filter((token) => token.inTurnOrder).length}/
                {everyToken.length})
              </button>
              {showParticipants && (
                <ul className="turn-panel__participants">
                  {everyToken.map((token) => (
                    <li key={token.usableId}>
                      <label>
                        <input
                          type="checkbox"
                          checked={token.inTurnOrder}
                          onChange={() =>
                            turnOrder.send({ type: 'turnOrder.toggle', usableId: token.usableId })
                          }
                        />
                        {token.name}
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
      )}
    </aside>
  );
}
