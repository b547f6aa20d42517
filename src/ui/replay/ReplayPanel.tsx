import type { ReactNode } from 'react';

/**
 * One of the replay's side panels: a titled section showing `empty` when it has nothing at the
 * replayed point, its list otherwise.
 */
export function ReplayPanel({
  id,
  title,
  className,
  empty,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  /** Said instead of the list when there is nothing to list. */
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <section className={className ? `replay-panel ${className}` : 'replay-panel'} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {empty === null ? children : <p className="replay-panel__empty">{empty}</p>}
    </section>
  );
}
