import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { MapChoice } from '../../domain/table/types';
import type { mapSelectionMachine } from '../../machines/map-selection.machine';
import { Dialog } from '../components/Dialog';
import { mapMessages, tokenMessages } from './messages';

/**
 * The MJ's map selector (table.md §4 "Map selection"): the empty choice clears the map for
 * everyone; any other map asks first whether the players come along.
 */
export function MapSelector({
  selection,
  maps,
}: {
  selection: ActorRefFrom<typeof mapSelectionMachine>;
  maps: readonly MapChoice[];
}) {
  const selectId = useId();
  const current = useSelector(selection, (snapshot) => snapshot.context.current);
  const pending = useSelector(selection, (snapshot) => snapshot.context.pending);
  const asking = useSelector(selection, (snapshot) => snapshot.matches('askingBringPlayers'));
  const offered = current && !maps.some((map) => map.id === current.id) ? [current, ...maps] : maps;
  return (
    <div className="map-selector">
      <label htmlFor={selectId}>{mapMessages.selector}</label>
      <select
        id={selectId}
        value={current?.id ?? ''}
        onChange={(event) =>
          selection.send({
            type: 'map.choose',
            map: offered.find((map) => map.id === event.target.value) ?? null,
          })
        }
      >
        <option value="">{mapMessages.noMap}</option>
        {offered.map((map) => (
          <option key={map.id} value={map.id}>
            {map.name}
          </option>
        ))}
      </select>
      {asking && pending && (
        <Dialog
          title={mapMessages.bringTitle}
          closeLabel={tokenMessages.close}
          onClose={() => selection.send({ type: 'bringPlayers.cancel' })}
        >
          <p>{mapMessages.bringQuestion(pending.name)}</p>
          <p className="map-selector__hint">{mapMessages.bringHint}</p>
          <div className="map-selector__answers">
            <button type="button" onClick={() => selection.send({ type: 'bringPlayers.confirm' })}>
              {mapMessages.bringYes}
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => selection.send({ type: 'bringPlayers.decline' })}
            >
              {mapMessages.bringNo}
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
