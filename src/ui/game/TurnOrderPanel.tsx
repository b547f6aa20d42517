import { useSelector } from '@xstate/react';
import { useId, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { HIDDEN_TURN, type MapToken } from '../../domain/table/types';
import { moveEntry } from '../../domain/turn-order/turn-order';
import type { turnOrderMachine } from '../../machines/turn-order.machine';
import { turnOrderMessages } from './messages';
import { usePointerDrag } from './pointer-drag';
import { useViewportSize } from './viewport-size';
import { healthText, isDead } from './table-view';

/** table.md §2: the panel starts 0.45 of the window's height down. */
export const TURN_PANEL_START = 0.45;
const PANEL_WIDTH_PX = 272;
/** A phone held landscape, or lower: the height below which the panel starts folded. */
const SHORT_SCREEN_PX = 500;
/** Clear of the side column (chat or participants), so the panel starts over the map's right edge. */
const SIDE_COLUMN_PX = 360;

/** game-narrow.css: up to 1000 px wide the chat goes under the map, except on a phone held landscape. */
function sideColumnWidth(): number {
  const oneColumn = window.innerWidth <= 1000 && window.innerHeight > SHORT_SCREEN_PX;
  return oneColumn ? 32 : SIDE_COLUMN_PX;
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

/**
 * The floating turn-order panel (table.md §2, §4 "Turn order"). The MJ and the admin generate,
 * advance, pick the participants, reorder by dragging and start a new combat, and may move the
 * panel; players watch the same order, read-only.
 */
export function TurnOrderPanel({
  turnOrder,
  tokens,
}: {
  turnOrder: ActorRefFrom<typeof turnOrderMachine>;
  tokens: Record<string, MapToken>;
}) {
  const titleId = useId();
  const order = useSelector(turnOrder, (snapshot) => snapshot.context.order);
  const map = useSelector(turnOrder, (snapshot) => snapshot.context.map);
  const canManage = useSelector(turnOrder, (snapshot) => snapshot.context.canManage);
  const running = useSelector(turnOrder, (snapshot) => snapshot.matches('running'));
  const [at, setAt] = useState(() => ({
    x: Math.max(8, window.innerWidth - PANEL_WIDTH_PX - sideColumnWidth()),
    y: Math.round(window.innerHeight * TURN_PANEL_START),
  }));
  // On a phone held landscape the open panel would cover the middle of the map: it starts folded.
  const [collapsed, setCollapsed] = useState(() => window.innerHeight <= SHORT_SCREEN_PX);
  const [showParticipants, setShowParticipants] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const [lifted, setLifted] = useState<Lifted | null>(null);
  const reorderable = canManage && running && order.length > 1;

  // Where it was put, kept inside the window as the window shrinks: a panel off screen cannot be grabbed back.
  const viewport = useViewportSize();
  const shown = {
    x: Math.max(0, Math.min(at.x, viewport.width - PANEL_WIDTH_PX - 8)),
    y: Math.max(0, Math.min(at.y, viewport.height - 40)),
  };

  const panelDrag = usePointerDrag<{ dx: number; dy: number }>({
    move: ({ dx, dy }, event) =>
      setAt({
        x: Math.min(window.innerWidth - 80, Math.max(0, event.clientX - dx)),
        y: Math.min(window.innerHeight - 40, Math.max(0, event.clientY - dy)),
      }),
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
      className={canManage ? 'turn-panel turn-panel--managed' : 'turn-panel'}
      aria-labelledby={titleId}
      style={{ left: shown.x, top: shown.y, width: collapsed ? undefined : PANEL_WIDTH_PX }}
    >
      <header
        className="turn-panel__header"
        onPointerDown={(event) => {
          if (!canManage || (event.target as HTMLElement).closest('button')) return;
          panelDrag.grab(event, { dx: event.clientX - shown.x, dy: event.clientY - shown.y });
        }}
        {...panelDrag.listeners}
        title={canManage ? turnOrderMessages.move : undefined}
      >
        <h2 id={titleId}>{turnOrderMessages.title}</h2>
        <button
          type="button"
          className="turn-panel__collapse secondary"
          aria-expanded={!collapsed}
          aria-label={collapsed ? turnOrderMessages.expand : turnOrderMessages.collapse}
          onClick={() => setCollapsed((value) => !value)}
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
                    {index === 0 && <span className="turn-panel__playing">{turnOrderMessages.playing}</span>}
                    {token && <span className="turn-panel__hp">{healthText(token)}</span>}
                  </li>
                );
              })}
            </ol>
          )}
          {canManage && map !== null && (
            <>
              {reorderable && <p className="turn-panel__hint">{turnOrderMessages.reorderHint}</p>}
              <div className="turn-panel__actions">
                <button type="button" onClick={() => turnOrder.send({ type: 'turnOrder.generate' })}>
                  {turnOrderMessages.generate}
                </button>
                <button
                  type="button"
                  disabled={!running}
                  onClick={() => turnOrder.send({ type: 'turnOrder.next' })}
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
