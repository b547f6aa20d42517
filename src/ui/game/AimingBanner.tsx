import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  strikerOf,
  type attackTargetingMachine,
  type TargetingAttack,
} from '../../machines/attack-targeting.machine';
import { attackMenuMessages as text } from './messages';

const CYCLE: Record<string, 1 | -1> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };
const AIM: Record<string, { x: number; y: number }> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/**
 * What the next click on the map does while an attack is aimed (table.md §4 "Attack targeting"):
 * the attack, its dice and essence cost as the server rolls them, and a way to give up — Escape
 * does the same. It takes the focus as it opens, so the keyboard aims too: a single attack's
 * targets in reach are a list the arrows go through and Enter strikes; an area is moved by the
 * arrows, what it catches listed, and Enter strikes there.
 */
export function AimingBanner({
  attack,
  targeting,
  onCancel,
}: {
  attack: TargetingAttack;
  targeting: ActorRefFrom<typeof attackTargetingMachine>;
  onCancel: () => void;
}) {
  const listId = useId();
  const keys = useRef<HTMLDivElement>(null);
  const candidates = useSelector(targeting, (snapshot) => snapshot.context.candidates);
  const cursor = useSelector(targeting, (snapshot) => snapshot.context.cursor);
  const caught = useSelector(targeting, (snapshot) => snapshot.context.caught);
  const aimed = useSelector(targeting, (snapshot) => snapshot.context.aim !== null);
  const single = attack.areaOfEffect === 'single';

  const strikerId = useSelector(
    targeting,
    (snapshot) => strikerOf(snapshot.context.board, snapshot.context.attack)?.id ?? null,
  );
  const striker = useRef(strikerId);
  useEffect(() => {
    if (strikerId) striker.current = strikerId;
  }, [strikerId]);

  // Taken after the menu that chose the attack gave the focus back to its opener; given, as the
  // banner goes, to the token that struck, so the keyboard goes on from the map.
  useEffect(() => {
    const banner = keys.current;
    banner?.focus({ preventScroll: true });
    return () => {
      const lost = document.activeElement === document.body || banner?.contains(document.activeElement);
      const id = striker.current;
      if (lost && id)
        document
          .querySelector<HTMLElement>(`[data-usable-id="${CSS.escape(id)}"]`)
          ?.focus({ preventScroll: true });
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      targeting.send({ type: 'target.confirm' });
      return;
    }
    if (single && CYCLE[event.key]) {
      event.preventDefault();
      targeting.send({ type: 'target.cycle', step: CYCLE[event.key]! });
    } else if (!single && AIM[event.key]) {
      event.preventDefault();
      targeting.send({ type: 'aim.step', step: AIM[event.key]! });
    }
  };

  return (
    <div className="aiming-banner" role="region" aria-label={text.aimingRegion}>
      <p className="aiming-banner__hint" id={`${listId}-hint`}>
        {attack.ref.kind === 'monster'
          ? text.monsterAiming(attack.name)
          : text.aiming(attack.name, attack.areaOfEffect === 'single')}
      </p>
      <p className="aiming-banner__numbers" id={`${listId}-numbers`}>
        {text.numbers(attack.damage, attack.essenceCost)}
      </p>
      {single ? (
        <div
          ref={keys}
          className="aiming-banner__targets"
          // A listbox holds options only: with none in reach it is a group saying so.
          role={candidates.length === 0 ? 'group' : 'listbox'}
          tabIndex={0}
          aria-label={text.targetsInReach}
          aria-describedby={`${listId}-hint ${listId}-numbers`}
          aria-activedescendant={cursor >= 0 ? `${listId}-${cursor}` : undefined}
          onKeyDown={onKeyDown}
        >
          {candidates.length === 0 && <p className="aiming-banner__none">{text.noTargetInReach}</p>}
          {candidates.map((candidate, index) => (
            <div
              key={candidate.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === cursor}
              className="aiming-banner__target"
              onClick={() => targeting.send({ type: 'target.pick', usableId: candidate.id })}
            >
              {text.target(candidate.name, candidate.cells)}
            </div>
          ))}
        </div>
      ) : (
        <div
          ref={keys}
          className="aiming-banner__targets"
          role="group"
          tabIndex={0}
          aria-label={text.aimByKeys}
          aria-describedby={`${listId}-hint ${listId}-numbers`}
          onKeyDown={onKeyDown}
        >
          <p className="aiming-banner__none">{aimed ? text.caught(caught) : text.aimByKeys}</p>
        </div>
      )}
      <button type="button" className="secondary" onClick={onCancel}>
        {text.cancel}
      </button>
    </div>
  );
}
