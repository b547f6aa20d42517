import { ResourceThumbnail } from './ResourceThumbnail';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { GameResource, StoreEntry } from '../../api/schemas/resources';
import type { SessionUser } from '../../domain/roles';
import {
  filterStoreEntries,
  storeCreators,
  storeSortLabels,
  storeSorts,
  type StoreSort,
} from '../../domain/resources/store-filters';
import type { storeCatalogueMachine } from '../../machines/store-catalogue.machine';
import { lifecycleMoves } from '../../machines/resource-lifecycle.machine';
import { submitter, type CardActor } from './ActionCard';
import { formatParisDateTime } from './format';
import { adminMessages } from './messages';
import { Dialog } from '../components/Dialog';
import { categoryFields, commonFields, extraCommonFields } from './resource-fields';

export type CatalogueActor = ActorRefFrom<typeof storeCatalogueMachine>;

const text = adminMessages.store;

/** The game the store is browsed from, when there is one: what it already owns and can import. */
export interface BrowsingGame {
  gameId: string;
  resources: GameResource[];
}

function ownership(entry: StoreEntry, game: BrowsingGame | undefined) {
  const copy = game?.resources.find((resource) => resource.importSourceId === entry.id) ?? null;
  const exportedFromHere =
    game !== undefined && entry.sourceGameId === game.gameId && entry.sourceResourceId !== null;
  return { copy, exportedFromHere, owned: copy !== null || exportedFromHere };
}

function FiltersPanel({
  catalogue,
  showOwnedFilter,
}: {
  catalogue: CatalogueActor;
  showOwnedFilter: boolean;
}) {
  const id = useId();
  const { filters, entries } = useSelector(catalogue, (snapshot) => snapshot.context);
  const change = (partial: Partial<typeof filters>) =>
    catalogue.send({ type: 'filters.change', filters: partial });
  return (
    <section className="store-filters" aria-label={text.filters}>
      <h2>{text.filters}</h2>
      <div className="admin-form__field">
        <label htmlFor={`${id}-search`}>{text.search}</label>
        <input
          id={`${id}-search`}
          type="search"
          value={filters.search}
          onChange={(e) => change({ search: e.target.value })}
        />
      </div>
      <div className="admin-form__field">
        <label htmlFor={`${id}-sort`}>{text.sort}</label>
        <select
          id={`${id}-sort`}
          value={filters.sort}
          onChange={(e) => change({ sort: e.target.value as StoreSort })}
        >
          {storeSorts.map((sort) => (
            <option key={sort} value={sort}>
              {storeSortLabels[sort]}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-form__field">
        <label htmlFor={`${id}-creator`}>{text.creator}</label>
        <select
          id={`${id}-creator`}
          value={filters.creatorId ?? ''}
          onChange={(e) => change({ creatorId: e.target.value === '' ? null : e.target.value })}
        >
          <option value="">{text.everyone}</option>
          {storeCreators(entries).map((creator) => (
            <option key={creator.id} value={creator.id}>
              {creator.name}
            </option>
          ))}
        </select>
      </div>
      {showOwnedFilter && (
        <div className="admin-form__check">
          <input
            id={`${id}-owned`}
            type="checkbox"
            checked={filters.showOwned}
            onChange={(e) => change({ showOwned: e.target.checked })}
          />
          <label htmlFor={`${id}-owned`}>{text.showOwned}</label>
        </div>
      )}
    </section>
  );
}

/** The fields of an entry's category, in the form's order and words. */
function detailFields(entry: StoreEntry) {
  const values = entry as unknown as Record<string, unknown>;
  return [...commonFields, ...categoryFields[entry.category], ...extraCommonFields]
    .filter((spec) => spec.name !== 'name')
    .map((spec) => ({ name: spec.name, label: spec.label, value: values[spec.name] }));
}

function fieldText(value: unknown): string {
  if (value === null || value === '' || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (Array.isArray(value)) {
    return (
      value
        .map(
          (item: { stat: string; bonus: unknown }) =>
            `${item.stat} ${typeof item.bonus === 'number' ? `+${item.bonus}` : item.bonus}`,
        )
        .join(', ') || '—'
    );
  }
  return String(value);
}

function DetailModal({
  entry,
  user,
  game,
  card,
  onClose,
}: {
  entry: StoreEntry;
  user: SessionUser;
  game: BrowsingGame | undefined;
  card: CardActor;
  onClose: () => void;
}) {
  const busy = useSelector(card, (snapshot) => snapshot.matches('submitting'));

  const { copy, exportedFromHere } = ownership(entry, game);
  const moves = lifecycleMoves({ kind: 'entry', importedHere: copy !== null, exportedFromHere });
  const mayRemove = user.role === 'admin' || entry.createdBy === user.id;
  const act = (action: 'import' | 'removeImport' | 'removeFromStore', targetId: string) => {
    card.send({
      type: 'card.open',
      target: { kind: action === 'removeImport' ? 'resource' : 'entry', id: targetId },
    });
    submitter(card, { gameId: game?.gameId ?? null, category: entry.category, targetId })(action);
  };

  return (
    <Dialog
      title={entry.name}
      closeLabel={adminMessages.card.close}
      onClose={onClose}
      size="wide"
      closeOnBackdrop
    >
      <dl className="admin-detail">
        <dt>{text.creatorLabel}</dt>
        <dd>{entry.creatorInfo?.display_name ?? text.unknownPerson}</dd>
        <dt>{text.exporterLabel}</dt>
        <dd>{entry.exporterInfo?.display_name ?? text.unknownPerson}</dd>
        <dt>{text.exportedAtLabel}</dt>
        <dd>{formatParisDateTime(entry.exportedAt)}</dd>
        {detailFields(entry).map((field) => (
          <div key={field.name} className="admin-detail__row">
            <dt>{field.label}</dt>
            <dd>{fieldText(field.value)}</dd>
          </div>
        ))}
      </dl>
      <div className="action-card__actions">
        {game && moves.has('resource.imported') && (
          <button type="button" disabled={busy} onClick={() => act('import', entry.id)}>
            {adminMessages.card.import}
          </button>
        )}
        {game && copy && moves.has('import.removed') && (
          <button type="button" disabled={busy} onClick={() => act('removeImport', copy.id)}>
            {adminMessages.card.removeImport}
          </button>
        )}
        {mayRemove && (
          <button
            type="button"
            className="danger"
            disabled={busy}
            onClick={() => act('removeFromStore', entry.id)}
          >
            {adminMessages.card.removeFromStore}
          </button>
        )}
      </div>
    </Dialog>
  );
}

/**
 * The global store of one category: filters panel, list, and the detail modal with its actions.
 * The same browser serves the per-game admin page (import, remove an import) and the admin page.
 */
export function StoreBrowser({
  catalogue,
  card,
  user,
  game,
}: {
  catalogue: CatalogueActor;
  card: CardActor;
  user: SessionUser;
  game?: BrowsingGame;
}) {
  const { entries, filters, detailId, loading } = useSelector(catalogue, (snapshot) => ({
    ...snapshot.context,
    loading: snapshot.matches('loading'),
  }));
  const owned = new Set(entries.filter((entry) => ownership(entry, game).owned).map((entry) => entry.id));
  const shown = filterStoreEntries(entries, filters, owned);
  const detail = entries.find((entry) => entry.id === detailId) ?? null;

  return (
    <div className="store-browser">
      <FiltersPanel catalogue={catalogue} showOwnedFilter={game !== undefined} />
      <section className="store-list" aria-label={text.list} aria-busy={loading}>
        <h2>{text.title}</h2>
        {shown.length === 0 ? (
          <p>{loading ? adminMessages.loading : text.empty}</p>
        ) : (
          <ul>
            {shown.map((entry) => (
              <li key={entry.id}>
                <button
                  type="button"
                  className="store-list__item"
                  onClick={() => catalogue.send({ type: 'detail.open', entryId: entry.id })}
                >
                  <ResourceThumbnail resource={entry} />
                  <strong>{entry.name}</strong>
                  <span>
                    {entry.creatorInfo?.display_name ?? text.unknownPerson} ·{' '}
                    {formatParisDateTime(entry.exportedAt)}
                  </span>
                  {owned.has(entry.id) && <span className="badge">{text.owned}</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {detail && (
        <DetailModal
          entry={detail}
          user={user}
          game={game}
          card={card}
          onClose={() => catalogue.send({ type: 'detail.close' })}
        />
      )}
    </div>
  );
}
