import { useSelector } from '@xstate/react';
import type { CardActor } from './ActionCard';
import { Notice } from '../components/Notice';

/** The last action's success or failure text, read out as it changes. */
export function CardFeedback({ card }: { card: CardActor }) {
  const { notice, error } = useSelector(card, (snapshot) => snapshot.context);
  return (
    <div className="admin-feedback" aria-live="polite">
      {notice && (
        <Notice
          tone="success"
          className="admin-notice"
          dismissLabel="Masquer le message"
          onDismiss={() => card.send({ type: 'notice.dismiss' })}
        >
          {notice}
        </Notice>
      )}
      {error && (
        <Notice tone="error" className="admin-error">
          {error}
        </Notice>
      )}
    </div>
  );
}
