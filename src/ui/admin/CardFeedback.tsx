import { useSelector } from '@xstate/react';
import type { CardActor } from './ActionCard';
import { CloseButton } from '../components/CloseButton';

/** The last action's success or failure text, read out as it changes. */
export function CardFeedback({ card }: { card: CardActor }) {
  const { notice, error } = useSelector(card, (snapshot) => snapshot.context);
  return (
    <div className="admin-feedback" aria-live="polite">
      {notice && (
        <p className="admin-notice" role="status">
          {notice}
          <CloseButton label="Masquer le message" onClose={() => card.send({ type: 'notice.dismiss' })} />
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
