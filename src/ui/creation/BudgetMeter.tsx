import { useId } from 'react';
import { creationMessages as text } from './messages';
import './budget-meter.css';

/** One budget: what is left out of the total, as a number and a bar. */
export function BudgetMeter({
  label,
  remaining,
  total,
}: {
  label: string;
  remaining: number;
  total: number;
}) {
  const id = useId();
  const spent = total - remaining;
  const done = remaining === 0;
  return (
    <div className={done ? 'budget budget--done' : 'budget'}>
      <span id={id} className="budget__label">
        {label}
      </span>
      <span className="budget__count" data-testid={`budget-${label}`}>
        <strong>{remaining}</strong> / {total} {text.remaining}
      </span>
      <progress aria-labelledby={id} value={Math.max(0, Math.min(spent, total))} max={total} />
      <span className="budget__state">{done ? text.allSpent : ''}</span>
    </div>
  );
}
