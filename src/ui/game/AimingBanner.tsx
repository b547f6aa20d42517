import type { TargetingAttack } from '../../machines/attack-targeting.machine';
import { attackMenuMessages as text } from './messages';

/**
 * What the next click on the map does while an attack is aimed (table.md §4 "Attack targeting"):
 * the attack, its dice and essence cost as the server rolls them, and a way to give up — Escape
 * does the same.
 */
export function AimingBanner({ attack, onCancel }: { attack: TargetingAttack; onCancel: () => void }) {
  return (
    <div className="aiming-banner" role="status">
      <p className="aiming-banner__hint">
        {attack.ref.kind === 'monster'
          ? text.monsterAiming(attack.name)
          : text.aiming(attack.name, attack.areaOfEffect === 'single')}
      </p>
      <p className="aiming-banner__numbers">{text.numbers(attack.damage, attack.essenceCost)}</p>
      <button type="button" className="secondary" onClick={onCancel}>
        {text.cancel}
      </button>
    </div>
  );
}
