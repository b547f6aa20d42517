import { useId, useState } from 'react';
import type { HealthResource, MapToken, TableRole } from '../../domain/table/types';
import { tokenMessages, visionMessages } from './messages';
import { managesTable } from '../../domain/table/visibility';
import { isDead, shownHealth } from './table-view';
import { TokenGauge } from './TokenGauge';
import { CloseButton } from '../components/CloseButton';
import { conditionsOf } from '../../domain/table/conditions';
import type { ConditionChange } from '../../domain/table/condition-changes';
import { ConditionsEditor } from '../conditions/ConditionsEditor';
import { cellsOfCreatureSize, creatureSizes, type CreatureSize } from '../../domain/resources/categories';
import { tokenCells } from '../../domain/table/token-size';

/** The name the menu shows for the cells a token covers: the largest of them, « Moyenne » for one. */
const sizeOfCells = (cells: number): CreatureSize | undefined =>
  creatureSizes.findLast((size) => cellsOfCreatureSize[size] === cells);

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
  onCondition,
  onResize,
  onEyes,
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
  /** Marks, takes off or times a condition of the token. */
  onCondition: (change: ConditionChange) => void;
  /** The MJ's « Taille » for the token, a character's as a monster's. */
  onResize: (size: CreatureSize) => void;
  /** The MJ's « Voir par les yeux de », on a map with walls. */
  onEyes?: (() => void) | undefined;
}) {
  const titleId = useId();
  const sizeId = useId();
  const confirmId = useId();
  // Which token's removal awaits a second click: the menu stays mounted from one token to the
  // next, and a question asked about one must not be answered for another.
  const [confirmingRemoval, setConfirmingRemoval] = useState<string | null>(null);
  const master = managesTable({ role });
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
        <CloseButton className="token-menu__close" label={tokenMessages.close} onClose={onClose} />
      </header>
      <TokenGauge
        label={'band' in health ? tokenMessages.state : tokenMessages.hp}
        value={health}
        tone="hp"
        editable={controllable}
        onAdjust={(direction, amount) => onAdjust('HP', direction, amount)}
      />
      {token.soulEssence !== null && (
        <TokenGauge
          label={tokenMessages.soul}
          value={{ current: token.currentSoulEssence ?? 0, max: token.soulEssence }}
          tone="soul"
          editable={controllable}
          onAdjust={(direction, amount) => onAdjust('soulEssence', direction, amount)}
        />
      )}
      <ConditionsEditor conditions={conditionsOf(token)} editable={controllable} onChange={onCondition} />
      {master && (
        <div className="token-menu__size">
          <label htmlFor={sizeId}>{tokenMessages.size}</label>
          <select
            id={sizeId}
            value={sizeOfCells(tokenCells(token))}
            onChange={(event) => onResize(event.target.value as CreatureSize)}
          >
            {creatureSizes.map((size) => (
              <option key={size} value={size}>
                {tokenMessages.sizeOption(size, cellsOfCreatureSize[size])}
              </option>
            ))}
          </select>
        </div>
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
        {master && onEyes && (
          <button type="button" className="secondary" onClick={onEyes}>
            {visionMessages.eyes(token.name)}
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
