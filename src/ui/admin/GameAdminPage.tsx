import { ResourceThumbnail } from './ResourceThumbnail';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  adminPickerCategories,
  categoryLabels,
  type ResourceCategory,
} from '../../domain/resources/categories';
import { matchesName } from '../../domain/resources/store-filters';
import type { SessionUser } from '../../domain/roles';
import {
  actionCardEffects,
  gameResourcesEffects,
  permissionCheckEffects,
  storeCatalogueEffects,
} from '../../effects/admin-resources';
import { adminActionCardMachine } from '../../machines/admin-action-card.machine';
import { adminPermissionCheckMachine } from '../../machines/admin-permission-check.machine';
import { gameResourcesMachine } from '../../machines/game-resources.machine';
import { storeCatalogueMachine } from '../../machines/store-catalogue.machine';
import { useAppActors } from '../app/AppActorsContext';
import { ActionCard } from './ActionCard';
import { CardFeedback } from './CardFeedback';
import { FilesSection } from './FilesSection';
import { adminMessages } from './messages';
import { PermissionOverlay, type GateState } from './PermissionOverlay';
import { StoreBrowser } from './StoreBrowser';
import './admin.css';

function GameAdmin({ gameId, gameName, user }: { gameId: string; gameName: string; user: SessionUser }) {
  const { inspect } = useAppActors();
  const navigate = useNavigate();
  const pickerId = useId();
  const searchId = useId();
  const lists = useActorRef(gameResourcesMachine.provide(gameResourcesEffects), {
    input: { gameId },
    inspect,
  });
  const catalogue = useActorRef(storeCatalogueMachine.provide(storeCatalogueEffects), { inspect });
  const card = useActorRef(
    adminActionCardMachine.provide({
      ...actionCardEffects,
      actions: {
        // The effects' own refresh (the cache cleared, table.md §4), then this screen's lists.
        'refresh lists': () => {
          actionCardEffects.actions['refresh lists']();
          lists.send({ type: 'lists.refresh' });
          catalogue.send({ type: 'lists.refresh' });
        },
      },
    }),
    { inspect },
  );
  const { category, search, storeVisible, resources, characters, memories } = useSelector(
    lists,
    (s) => s.context,
  );
  const listState = useSelector(lists, (s) => s.value);
  const target = useSelector(card, (s) => s.context.target);
  const cardOpen = useSelector(card, (s) => !s.matches('closed'));
  const selected = target?.kind === 'resource' ? (resources.find((r) => r.id === target.id) ?? null) : null;
  const shown = resources.filter((resource) => matchesName(resource.name, search));

  const choose = (next: ResourceCategory) => {
    card.send({ type: 'category.choose' });
    lists.send({ type: 'category.choose', category: next });
    catalogue.send({ type: 'category.choose', category: next });
  };

  return (
    <main className="admin-page">
      <header className="admin-page__header">
        <button type="button" className="secondary" onClick={() => navigate('/')}>
          {adminMessages.back}
        </button>
        <div className="admin-page__title">
          <h1>{adminMessages.title}</h1>
          <p className="admin-page__game">{adminMessages.gameName(gameName)}</p>
        </div>
        <div className="admin-page__tools">
          {category && (
            <button
              type="button"
              className="secondary"
              aria-pressed={storeVisible}
              onClick={() => {
                card.send({ type: 'card.close' });
                lists.send({ type: 'store.toggle' });
              }}
            >
              {storeVisible ? adminMessages.showGame : adminMessages.showStore}
            </button>
          )}
          <label htmlFor={pickerId}>{adminMessages.categoryPicker}</label>
          <select
            id={pickerId}
            value={category ?? ''}
            onChange={(e) => choose(e.target.value as ResourceCategory)}
          >
            <option value="" disabled>
              {adminMessages.categoryPlaceholder}
            </option>
            {adminPickerCategories.map((value) => (
              <option key={value} value={value}>
                {categoryLabels[value]}
              </option>
            ))}
          </select>
        </div>
      </header>
      <CardFeedback card={card} />
      <FilesSection gameId={gameId} />
      {category === null ? (
        <p className="admin-page__hint">{adminMessages.chooseCategory}</p>
      ) : storeVisible ? (
        <StoreBrowser catalogue={catalogue} card={card} user={user} game={{ gameId, resources }} />
      ) : (
        <div className="admin-page__body">
          <section
            className="resource-list"
            aria-label={adminMessages.listLabel}
            aria-busy={listState === 'loading'}
          >
            <div className="resource-list__tools">
              <label htmlFor={searchId}>{adminMessages.search}</label>
              <input
                id={searchId}
                type="search"
                value={search}
                onChange={(e) => lists.send({ type: 'search.change', search: e.target.value })}
              />
              <button type="button" onClick={() => card.send({ type: 'card.open', target: null })}>
                {adminMessages.create}
              </button>
            </div>
            <h2>{categoryLabels[category]}</h2>
            {listState === 'failed' && <p className="admin-error">{adminMessages.loadFailed}</p>}
            {shown.length === 0 ? (
              <p>{listState === 'loading' ? adminMessages.loading : adminMessages.empty}</p>
            ) : (
              <ul>
                {shown.map((resource) => (
                  <li key={resource.id}>
                    <button
                      type="button"
                      className="resource-list__item"
                      aria-current={selected?.id === resource.id}
                      onClick={() =>
                        card.send({ type: 'card.open', target: { kind: 'resource', id: resource.id } })
                      }
                    >
                      <ResourceThumbnail resource={resource} />
                      {resource.name}
                      {resource.exportedToGlobal && (
                        <span className="badge">{adminMessages.card.exported}</span>
                      )}
                      {resource.importedFromGlobal && (
                        <span className="badge">{adminMessages.card.imported}</span>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {cardOpen && (target === null || selected) && (
            <ActionCard
              card={card}
              gameId={gameId}
              category={category}
              resource={selected}
              characters={characters}
              memories={memories}
            />
          )}
        </div>
      )}
    </main>
  );
}

/** /admin/game?gameId=…: the resources of one game, for its master only (table.md §2). */
export default function GameAdminPage() {
  const { auth, inspect } = useAppActors();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const gameId = query.get('gameId');
  const user = useSelector(auth, (s) => s.context.user);
  const check = useActorRef(adminPermissionCheckMachine.provide(permissionCheckEffects), {
    input: { gameId },
    inspect,
  });
  const gate = useSelector(check, (s) => s.value as GateState);
  const refusal = useSelector(check, (s) => s.context.refusal);
  const gameName = useSelector(check, (s) => s.context.gameName);

  useEffect(() => {
    if (gate === 'leaving') navigate('/', { replace: true });
  }, [gate, navigate]);

  if (gate !== 'granted' || gameId === null || gameName === null || user === null) {
    return <PermissionOverlay state={gate === 'granted' ? 'checking' : gate} refusal={refusal} />;
  }
  return <GameAdmin gameId={gameId} gameName={gameName} user={user} />;
}
