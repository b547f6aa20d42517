import { useSelector } from '@xstate/react';
import type { CardActor } from './ActionCard';

/** The last action's success or failure text, read out as it changes. */
export function CardFeedback({ card }: { card: CardActor }) {
  const { notice, error } = useSelector(card, (snapshot) => snapshot.context);
  return (
    <div className="admin-feedback" aria-live="polite">
      {notice && (
        <p className="admin-notice" role="status">
          {notice}
          <button
            type="button"
            className="secondary"
            aria-label="Masquer le message"
            onClick={() => card.send({ type: 'notice.dismiss' })}
          >
            ×
          </button>
        </p>
      )}
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
