import { shownMap } from '../../domain/table/shown-map';
import { HIDDEN_TURN, type TableState } from '../../domain/table/types';
import { replayTexts as texts } from './messages';
import { ReplayPanel } from './ReplayPanel';

/** The turn order of the replayed map at that point, first to play first: a list to read, not to change. */
export function ReplayTurnOrder({ table }: { table: TableState }) {
  const map = shownMap(table, 'mj');
  const order = map ? (table.turnOrders[map.name] ?? []) : [];
  const round = map ? table.rounds?.[map.name]?.round : undefined;
  return (
    <ReplayPanel
      id="replay-turn-order"
      title={
        <>
          {texts.turnOrder}
          {round !== undefined && <span className="replay-panel__aside"> · {texts.round(round)}</span>}
        </>
      }
      empty={order.length === 0 ? texts.noTurnOrder : null}
    >
      <ol className="replay-turn-order" data-testid="replay-turn-order">
        {order.map((usableId, index) => (
          <li key={usableId} aria-current={index === 0 ? 'true' : undefined}>
            {usableId === HIDDEN_TURN
              ? texts.hiddenTurn
              : ((map && table.tokens[map.name]?.[usableId]?.name) ?? usableId)}
          </li>
        ))}
      </ol>
    </ReplayPanel>
  );
}
