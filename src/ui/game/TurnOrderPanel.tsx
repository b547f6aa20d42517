import { useSelector } from '@xstate/react';
import { useId, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { MapToken } from '../../domain/table/types';
import { moveEntry } from '../../domain/turn-order/turn-order';
import type { turnOrderMachine } from '../../machines/turn-order.machine';
import { turnOrderMessages } from './messages';
import { isDead } from './table-view';

/** table.md §2: the panel starts 0.45 of the window's height down. */
export const TURN_PANEL_START = 0.45;
const PANEL_WIDTH_PX = 272;
/** Clear of the side column (chat or participants), so the panel starts over the map's right edge. */
const SIDE_COLUMN_PX = 360;

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
    x: Math.max(8, window.innerWidth - PANEL_WIDTH_PX - SIDE_COLUMN_PX),
    y: Math.round(window.innerHeight * TURN_PANEL_START),
  }));
  const [collapsed, setCollapsed] = useState(false);
  const [showParticipants, setShowParticipants] = useState(false);
  const grab = useRef<{ pointerId: number; dx: number; dy: number } | null>(null);
  const dragged = useRef<number | null>(null);

  const onHandleDown = (event: ReactPointerEvent<HTMLElement>) => {
    if (!canManage || (event.target as HTMLElement).closest('button')) return;
    grab.current = { pointerId: event.pointerId, dx: event.clientX - at.x, dy: event.clientY - at.y };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onHandleMove = (event: ReactPointerEvent<HTMLElement>) => {
    const held = grab.current;
    if (!held || held.pointerId !== event.pointerId) return;
    setAt({
      x: Math.min(window.innerWidth - 80, Math.max(0, event.clientX - held.dx)),
      y: Math.min(window.innerHeight - 40, Math.max(0, event.clientY - held.dy)),
    });
  };

  const everyToken = Object.values(tokens).sort((a, b) => a.name.localeCompare(b.name, 'fr'));

  return (
    <aside
      className={canManage ? 'turn-panel turn-panel--managed' : 'turn-panel'}
      aria-labelledby={titleId}
      style={{ left: at.x, top: at.y, width: PANEL_WIDTH_PX }}
    >
      <header
        className="turn-panel__header"
        onPointerDown={onHandleDown}
        onPointerMove={onHandleMove}
        onPointerUp={() => (grab.current = null)}
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
            <ol className="turn-panel__order" aria-label={turnOrderMessages.title}>
              {order.map((usableId, index) => {
                const token = tokens[usableId];
                return (
                  <li
                    key={usableId}
                    className={[
                      'turn-panel__entry',
                      index === 0 ? 'turn-panel__entry--current' : '',
                      token?.isPlayer ? 'turn-panel__entry--player' : 'turn-panel__entry--monster',
                      token && isDead(token) ? 'turn-panel__entry--dead' : '',
                    ]
                      .filter(Boolean)
                      .join(' ')}
                    draggable={canManage && running}
                    onDragStart={() => (dragged.current = index)}
                    onDragOver={(event) => canManage && event.preventDefault()}
                    onDrop={(event) => {
                      event.preventDefault();
                      const from = dragged.current;
                      dragged.current = null;
                      if (from === null || from === index) return;
                      turnOrder.send({ type: 'turnOrder.reorder', order: moveEntry(order, from, index) });
                    }}
                  >
                    <span className="turn-panel__rank">{index + 1}</span>
                    <span className="turn-panel__name">{token?.name ?? usableId}</span>
                    {index === 0 && <span className="turn-panel__playing">{turnOrderMessages.playing}</span>}
                    {token && (
                      <span className="turn-panel__hp">
                        {token.currentHP}/{token.HP}
                      </span>
                    )}
                  </li>
                );
              })}
            </ol>
          )}
          {canManage && map !== null && (
            <>
              {running && order.length > 1 && (
                <p className="turn-panel__hint">{turnOrderMessages.reorderHint}</p>
              )}
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
