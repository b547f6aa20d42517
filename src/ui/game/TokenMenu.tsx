import { useId, useState } from 'react';
import type { HealthResource, MapToken, TableRole } from '../../domain/table/types';
import { tokenMessages } from './messages';
import { amountOf, isDead, managesTable, shownHealth, type ShownHealth } from './table-view';

function gaugeWidth(value: ShownHealth): number {
  if ('band' in value) return value.gauge;
  return value.max > 0 ? Math.min(100, (value.current / value.max) * 100) : 0;
}

function Gauge({
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
        <p className="token-menu__error" role="alert">
          {tokenMessages.amountInvalid}
        </p>
      )}
    </div>
  );
}

/**
 * The menu of one token (click or right-click on it): its health and soul essence with the
 * adjustments its owner or the MJ may make, hide/show and the monster's details for the MJ,
 * and deletion, which asks to be confirmed: a slip of the finger would lose the token's health
 * and its place in the turn order. The values shown are the logged ones: an adjustment appears once the server
 * logged it, clamped to 0..max.
 */
export function TokenMenu({
  token,
  role,
  controllable,
  onClose,
  onAdjust,
  onToggleVisibility,
  onRemove,
  onDetails,
  onStrike,
}: {
  token: MapToken;
  role: TableRole;
  controllable: boolean;
  onClose: () => void;
  onAdjust: (resource: HealthResource, direction: 'decrease' | 'increase', amount: number) => void;
  onToggleVisibility: () => void;
  onRemove: () => void;
  onDetails: () => void;
  onStrike: () => void;
}) {
  const titleId = useId();
  const confirmId = useId();
  // Which token's removal awaits a second click: the menu stays mounted from one token to the
  // next, and a question asked about one must not be answered for another.
  const [confirmingRemoval, setConfirmingRemoval] = useState<string | null>(null);
  const master = managesTable(role);
  const health = shownHealth(token);
  return (
    <div className="token-menu" role="dialog" aria-labelledby={titleId}>
      <header className="token-menu__header">
        <h3 id={titleId}>{token.name}</h3>
        <span className="token-menu__kind">
          {token.isPlayer ? tokenMessages.player : tokenMessages.monster}
          {isDead(token) && ` · ${tokenMessages.dead}`}
          {!token.visibility && ` · ${tokenMessages.hidden}`}
        </span>
        <button
          type="button"
          className="token-menu__close secondary"
          aria-label={tokenMessages.close}
          onClick={onClose}
        >
          ×
        </button>
      </header>
      <Gauge
        label={'band' in health ? tokenMessages.state : tokenMessages.hp}
        value={health}
        tone="hp"
        editable={controllable}
        onAdjust={(direction, amount) => onAdjust('HP', direction, amount)}
      />
      {token.soulEssence !== null && (
        <Gauge
          label={tokenMessages.soul}
          value={{ current: token.currentSoulEssence ?? 0, max: token.soulEssence }}
          tone="soul"
          editable={controllable}
          onAdjust={(direction, amount) => onAdjust('soulEssence', direction, amount)}
        />
      )}
      <div className="token-menu__actions">
        {master && (
          <button type="button" className="secondary" onClick={onToggleVisibility}>
            {token.visibility ? tokenMessages.hide : tokenMessages.show}
          </button>
        )}
        {master && !token.isPlayer && (
          <button type="button" className="secondary" onClick={onDetails}>
            {tokenMessages.details}
          </button>
        )}
        {master && !token.isPlayer && !isDead(token) && (
          <button type="button" className="secondary" onClick={onStrike}>
            {tokenMessages.strike}
          </button>
        )}
        {controllable && confirmingRemoval !== token.usableId && (
          <button
            type="button"
            className="token-menu__remove"
            onClick={() => setConfirmingRemoval(token.usableId)}
          >
            {tokenMessages.remove}
          </button>
        )}
        {controllable && confirmingRemoval === token.usableId && (
          <div className="token-menu__confirm" role="group" aria-labelledby={confirmId}>
            <p id={confirmId}>{tokenMessages.removeQuestion}</p>
            <button type="button" className="token-menu__remove" onClick={onRemove}>
              {tokenMessages.removeConfirm}
            </button>
            <button type="button" className="secondary" onClick={() => setConfirmingRemoval(null)}>
              {tokenMessages.removeCancel}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
