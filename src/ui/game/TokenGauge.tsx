import { useId, useState } from 'react';
import { tokenMessages } from './messages';
import { amountOf, type ShownHealth } from './table-view';
import { Notice } from '../components/Notice';

function gaugeWidth(value: ShownHealth): number {
  if ('band' in value) return value.gauge;
  return value.max > 0 ? Math.min(100, (value.current / value.max) * 100) : 0;
}

/**
 * A token's health or soul essence (the numbers, or a monster's state for a player) and, for
 * whoever may change it, an amount to take off or give back. Used by the token's menu and by the
 * MJ's management list.
 */
export function TokenGauge({
  label,
  value,
  tone,
  editable,
  onAdjust,
}: {
  label: string;
  value: ShownHealth;
  tone: 'hp' | 'soul';
  editable: boolean;
  onAdjust: (direction: 'decrease' | 'increase', amount: number) => void;
}) {
  const inputId = useId();
  const [text, setText] = useState('1');
  const [invalid, setInvalid] = useState(false);
  const send = (direction: 'decrease' | 'increase') => {
    const amount = amountOf(text);
    setInvalid(amount === null);
    if (amount !== null) onAdjust(direction, amount);
  };
  return (
    <div className={`token-menu__gauge token-menu__gauge--${tone}`}>
      <div className="token-menu__gauge-head">
        <span>{label}</span>
        <strong>
          {'band' in value ? tokenMessages.health[value.band] : `${value.current} / ${value.max}`}
        </strong>
      </div>
      <span className="token-menu__meter" aria-hidden="true">
        <span style={{ width: `${gaugeWidth(value)}%` }} />
      </span>
      {editable && (
        <div className="token-menu__adjust">
          <button
            type="button"
            className="secondary"
            aria-label={tokenMessages.decrease(label)}
            onClick={() => send('decrease')}
          >
            −
          </button>
          <label className="visually-hidden" htmlFor={inputId}>
            {`${tokenMessages.amount} (${label})`}
          </label>
          <input
            id={inputId}
            inputMode="numeric"
            value={text}
            aria-invalid={invalid}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') send('decrease');
            }}
          />
          <button
            type="button"
            className="secondary"
            aria-label={tokenMessages.increase(label)}
            onClick={() => send('increase')}
          >
            +
          </button>
        </div>
      )}
      {invalid && (
        <Notice tone="error" className="token-menu__error">
          {tokenMessages.amountInvalid}
        </Notice>
      )}
    </div>
  );
}
