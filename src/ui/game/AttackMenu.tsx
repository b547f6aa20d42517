import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { attackMenuMachine } from '../../machines/attack-menu.machine';
import type { TargetingAttack } from '../../machines/attack-targeting.machine';
import { attackMenuMessages as text } from './messages';
import { Menu, MenuItem } from '../components/Menu';

function AttackChoice({
  attack,
  onPick,
}: {
  attack: TargetingAttack;
  onPick: (attack: TargetingAttack) => void;
}) {
  return (
    <MenuItem className="attack-menu__choice" onSelect={() => onPick(attack)}>
      <span className="attack-menu__name">{attack.name}</span>
      <small>
        {text.range(attack.range)} · {text.area[attack.areaOfEffect] ?? attack.areaOfEffect}
        {attack.areaOfEffect !== 'single' && ` · ${text.targets(attack.maxTargets)}`}
      </small>
      <small>{text.numbers(attack.damage, attack.essenceCost)}</small>
    </MenuItem>
  );
}

/**
 * The players' attack menu (table.md §2 "Game screen"): the simple attack, then the worn weapon's
 * attacks, or the spec's 'Aucune arme équipée' / 'Aucune attaque disponible pour cette arme'.
 * Picking one starts targeting on the map.
 */
export function AttackMenu({ menu }: { menu: ActorRefFrom<typeof attackMenuMachine> }) {
  const titleId = useId();
  const state = useSelector(menu, (snapshot) => snapshot.value);
  const arsenal = useSelector(menu, (snapshot) => snapshot.context.arsenal);
  const pick = (attack: TargetingAttack) => menu.send({ type: 'attack.pick', attack });
  return (
    <div className="attack-menu">
      <button
        type="button"
        className="secondary"
        aria-haspopup="menu"
        aria-expanded={state !== 'closed'}
        onClick={() => menu.send({ type: state === 'closed' ? 'menu.open' : 'menu.close' })}
      >
        {text.open}
      </button>
      {state !== 'closed' && (
        <Menu
          labelledBy={titleId}
          onClose={() => menu.send({ type: 'menu.close' })}
          className="attack-menu__panel"
        >
          <p className="menu__title" id={titleId}>
            {text.title}
          </p>
          {state === 'loading' && <p className="menu__note">{text.loading}</p>}
          {state === 'failed' && (
            <div className="menu__note" role="alert">
              <p>{text.failed}</p>
              <button type="button" className="secondary" onClick={() => menu.send({ type: 'menu.open' })}>
                {text.retry}
              </button>
            </div>
          )}
          {state === 'open' && arsenal && (
            <>
              <AttackChoice attack={arsenal.simple} onPick={pick} />
              {arsenal.weapon === null ? (
                <p className="menu__note">{text.noWeapon}</p>
              ) : (
                <>
                  <p className="menu__group">{text.weapon(arsenal.weapon)}</p>
                  {arsenal.attacks.length === 0 ? (
                    <p className="menu__note">{text.noAttack}</p>
                  ) : (
                    arsenal.attacks.map((attack) => (
                      <AttackChoice
                        key={attack.name + JSON.stringify(attack.ref)}
                        attack={attack}
                        onPick={pick}
                      />
                    ))
                  )}
                </>
              )}
            </>
          )}
        </Menu>
      )}
    </div>
  );
}
