import type { MapToken } from '../../domain/table/types';
import type { MonsterChoice } from '../../machines/table-lists.machine';
import { Dialog } from '../components/Dialog';
import { tokenMessages } from './messages';
import { isDead, shownHealth } from './table-view';
import { usePictureSource } from '../components/use-picture-source';

/**
 * The monster-details popup of the MJ (table.md §2): the token's fight figures, its description, and
 * « Faire attaquer ». Fed a player's copy of a monster, it shows its state, the only figure it holds.
 */
export function MonsterDetails({
  token,
  monster,
  onClose,
  onStrike,
}: {
  token: MapToken;
  monster: MonsterChoice | undefined;
  onClose: () => void;
  /** Makes it strike: targeting starts from it on the map. */
  onStrike: () => void;
}) {
  const health = shownHealth(token);
  const picture = usePictureSource(token.assetLink, 'phone');
  const { AC, attackBonus, damage } = token;
  const rows: Array<[string, string]> = [
    'band' in health
      ? [tokenMessages.state, tokenMessages.health[health.band]]
      : [tokenMessages.hp, `${health.current} / ${health.max}`],
  ];
  if (AC !== null) rows.push([tokenMessages.ac, String(AC)]);
  if (attackBonus !== null) {
    rows.push([tokenMessages.attackBonus, attackBonus >= 0 ? `+${attackBonus}` : String(attackBonus)]);
  }
  if (damage !== null) rows.push([tokenMessages.damage, damage]);
  if (token.speciality) rows.push([tokenMessages.speciality, token.speciality]);
  return (
    <Dialog title={token.name} closeLabel={tokenMessages.close} onClose={onClose}>
      <div className="monster-details">
        {picture && <img className="monster-details__image" src={picture} alt="" />}
        <dl>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      {monster?.description && (
        <>
          <h3 className="monster-details__subtitle">{tokenMessages.description}</h3>
          <p className="monster-details__description">{monster.description}</p>
        </>
      )}
      {!isDead(token) && (
        <div className="monster-details__actions">
          <button type="button" onClick={onStrike}>
            {tokenMessages.strike}
          </button>
        </div>
      )}
    </Dialog>
  );
}
