import { useId } from 'react';
import { monitoringMessages } from './messages';

/** table.md §2 and §8: the 'Erreur' panel, its message and a retry button. */
export function ErrorPanel({ message, onRetry }: { message: string; onRetry: () => void }) {
  const id = useId();
  return (
    <section className="monitoring-error" role="alert" aria-labelledby={id}>
      <h2 id={id}>{monitoringMessages.error.title}</h2>
      <p>{message}</p>
      <button type="button" onClick={onRetry}>
        {monitoringMessages.error.retry}
      </button>
    </section>
  );
}
