import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { categoryLabels, resourceCategories } from '../../domain/resources/categories';
import type { SessionUser } from '../../domain/roles';
import { actionCardEffects, storeCatalogueEffects } from '../../effects/admin-resources';
import { adminActionCardMachine } from '../../machines/admin-action-card.machine';
import { storeCatalogueMachine } from '../../machines/store-catalogue.machine';
import { useAppActors } from '../app/AppActorsContext';
import { AdminOnly } from './AdminOnly';
import { CardFeedback } from './CardFeedback';
import { adminMessages } from './messages';
import { StoreBrowser } from './StoreBrowser';
import './admin.css';

function GlobalStore({ user }: { user: SessionUser }) {
  const { inspect } = useAppActors();
  const navigate = useNavigate();
  const catalogue = useActorRef(storeCatalogueMachine.provide(storeCatalogueEffects), { inspect });
  const card = useActorRef(
    adminActionCardMachine.provide({
      ...actionCardEffects,
      actions: {
        // The effects' own refresh (the cache cleared, table.md §4), then this screen's lists.
        'refresh lists': () => {
          actionCardEffects.actions['refresh lists']();
          catalogue.send({ type: 'lists.refresh' });
        },
      },
    }),
    { inspect },
  );
  const category = useSelector(catalogue, (s) => s.context.category);
  useEffect(() => {
    if (category === null) catalogue.send({ type: 'category.choose', category: resourceCategories[0] });
  }, [catalogue, category]);

  return (
    <main className="admin-page">
      <header className="admin-page__header">
        <button type="button" className="secondary" onClick={() => navigate('/')}>
          {adminMessages.back}
        </button>
        <h1>{adminMessages.globalPage.title}</h1>
      </header>
      <CardFeedback card={card} />
      <div className="global-store">
        <nav className="category-menu" aria-label={adminMessages.globalPage.categories}>
          <ul>
            {resourceCategories.map((value) => (
              <li key={value}>
                <button
                  type="button"
                  className={value === category ? '' : 'secondary'}
                  aria-pressed={value === category}
                  onClick={() => catalogue.send({ type: 'category.choose', category: value })}
                >
                  {categoryLabels[value]}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <StoreBrowser catalogue={catalogue} card={card} user={user} />
      </div>
    </main>
  );
}

/** /admin: the global store for admins (platform.md §2); everyone else goes home. */
export default function GlobalStorePage() {
  return <AdminOnly>{(user) => <GlobalStore user={user} />}</AdminOnly>;
}
