import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { COMBAT_CAPACITIES, isBoosted } from '../../domain/character/combat-boosts';
import {
  canLowerSkill,
  canLowerStat,
  canRaiseSkill,
  canRaiseStat,
  canToggleBoost,
  CHARACTER_NAME_MAX,
  remainingBudgets,
  statStepCosts,
  type Allocation,
} from '../../domain/character/creation';
import { expectedImageLink, imageLinkAllowed } from '../../domain/character/image-link';
import { SKILL_LINKS, SKILL_NAMES, skillBonus, SKILL_MAX } from '../../domain/character/skills';
import { AUTRE_VALUE, derivedStats, modifier, STAT_NAMES } from '../../domain/character/stats';
import type { characterCreationMachine } from '../../machines/character-creation.machine';
import { BudgetMeter } from './BudgetMeter';
import { capacityLabels, derivedLabels, LINKED_STAT_ORDER, signed, skillLabels, statLabels } from './labels';
import { creationMessages as text } from './messages';
import './creation-panels.css';
import './identity-panel.css';
import './stepper.css';
import './stat-list.css';
import './derived-list.css';
import './capacity-list.css';
import './skill-groups.css';
import './creation-footer.css';

type CreationActor = ActorRefFrom<typeof characterCreationMachine>;

/**
 * The creation form over the creation machine: every number on screen is computed from the
 * allocation by the rules of src/domain/character; buttons the rules refuse are disabled.
 */
export function CharacterCreation({ creation }: { creation: CreationActor }) {
  const allocation = useSelector(creation, (snapshot) => snapshot.context.allocation);
  const bucket = useSelector(creation, (snapshot) => snapshot.context.imageBucketUrl);
  const refusals = useSelector(creation, (snapshot) => snapshot.context.refusals);
  const failure = useSelector(creation, (snapshot) => snapshot.context.failure);
  const gameId = useSelector(creation, (snapshot) => snapshot.context.gameId);
  const saving = useSelector(creation, (snapshot) => snapshot.matches('saving'));
  const created = useSelector(
    creation,
    (snapshot) => snapshot.matches('created') || snapshot.matches('left'),
  );
  const remaining = remainingBudgets(allocation);
  const derived = derivedStats(allocation.stats);
  const locked = saving || created;
  const titleId = useId();

  return (
    <main className="creation" aria-labelledby={titleId}>
      <header className="creation__header">
        <div>
          <h1 id={titleId}>{text.title}</h1>
          <p className="creation__subtitle">{text.subtitle}</p>
        </div>
        <Link className="creation__back" to="/">
          {text.back}
        </Link>
      </header>

      <section className="creation__budgets" aria-label={text.budgets}>
        <BudgetMeter label={text.statPoints} remaining={remaining.stats} total={30} />
        <BudgetMeter label={text.boostPoints} remaining={remaining.boosts} total={4} />
        <BudgetMeter label={text.skillPoints} remaining={remaining.skills} total={10} />
      </section>

      <div className="creation__grid">
        <IdentityPanel creation={creation} allocation={allocation} bucket={bucket} disabled={locked} />
        <StatsPanel creation={creation} allocation={allocation} disabled={locked} />
        <section className="creation-panel creation-panel--derived" aria-labelledby={`${titleId}-derived`}>
          <h2 id={`${titleId}-derived`}>{text.derived}</h2>
          <dl className="derived-list">
            {(Object.keys(derivedLabels) as Array<keyof typeof derivedLabels>).map((key) => (
              <div key={key} className={`derived derived--${key}`}>
                <dt>{derivedLabels[key]}</dt>
                <dd data-testid={`derived-${key}`}>{derived[key]}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="creation-panel creation-panel--combat" aria-labelledby={`${titleId}-combat`}>
          <h2 id={`${titleId}-combat`}>{text.combat}</h2>
          <p className="creation-panel__hint">{text.combatHint}</p>
          <ul className="capacity-list">
            {COMBAT_CAPACITIES.map((capacity) => {
              const boosted = isBoosted(allocation.boosts, capacity);
              return (
                <li key={capacity} className={boosted ? 'capacity capacity--on' : 'capacity'}>
                  <label>
                    <input
                      type="checkbox"
                      checked={boosted}
                      disabled={locked || !canToggleBoost(allocation, capacity)}
                      onChange={() => creation.send({ type: 'boost.toggle', capacity })}
                    />
                    <span className="capacity__name">{capacityLabels[capacity]}</span>
                    <span className="capacity__value" aria-hidden>
                      {signed(allocation.boosts[capacity])}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </section>
        <SkillsPanel creation={creation} allocation={allocation} disabled={locked} />
      </div>

      <footer className="creation__footer">
        <div className="creation__feedback" aria-live="polite">
          {refusals.length === 1 && (
            <p role="alert" className="creation__error">
              {refusals[0]}
            </p>
          )}
          {refusals.length > 1 && (
            <ul role="alert" className="creation__error creation__errors">
              {refusals.map((refusal) => (
                <li key={refusal}>{refusal}</li>
              ))}
            </ul>
          )}
          {failure && (
            <p role="alert" className="creation__error">
              {failure.text}
              {failure.detail && <span className="creation__error-detail">{failure.detail}</span>}
            </p>
          )}
          {created && (
            <p role="status" className="creation__success">
              {text.created}
              <span>{gameId ? text.redirectingGame : text.redirectingHome}</span>
            </p>
          )}
        </div>
        <button
          type="button"
          className="creation__save"
          disabled={locked}
          onClick={() => creation.send({ type: 'character.save' })}
        >
          {saving ? text.saving : text.save}
        </button>
      </footer>
    </main>
  );
}

interface PanelProps {
  creation: CreationActor;
  allocation: Allocation;
  disabled: boolean;
}

function IdentityPanel({ creation, allocation, bucket, disabled }: PanelProps & { bucket: string | null }) {
  const nameId = useId();
  const imageId = useId();
  const hintId = useId();
  const link = allocation.assetLink.trim();
  return (
    <section className="creation-panel creation-panel--identity" aria-labelledby={`${nameId}-title`}>
      <h2 id={`${nameId}-title`}>{text.identity}</h2>
      <div className="identity">
        <div className="identity__portrait">
          {imageLinkAllowed(link, allocation.name, bucket) ? (
            <img src={link} alt={text.imagePreview} />
          ) : (
            <span aria-hidden>{allocation.name.trim().charAt(0).toUpperCase() || '?'}</span>
          )}
        </div>
        <div className="identity__fields">
          <label htmlFor={nameId}>{text.name}</label>
          <input
            id={nameId}
            type="text"
            value={allocation.name}
            maxLength={CHARACTER_NAME_MAX}
            autoComplete="off"
            disabled={disabled}
            aria-describedby={`${nameId}-hint`}
            onChange={(event) => creation.send({ type: 'name.change', name: event.target.value })}
          />
          <p id={`${nameId}-hint`} className="field-hint">
            {text.nameHint} · {allocation.name.length}/{CHARACTER_NAME_MAX}
          </p>
          <label htmlFor={imageId}>{text.image}</label>
          <input
            id={imageId}
            type="url"
            value={allocation.assetLink}
            inputMode="url"
            disabled={disabled}
            aria-describedby={hintId}
            onChange={(event) => creation.send({ type: 'image.change', link: event.target.value })}
          />
          <p id={hintId} className="field-hint">
            {text.imageHint} <code>{expectedImageLink(allocation.name, bucket ?? 'https://…/')}</code>
          </p>
        </div>
      </div>
    </section>
  );
}

function StatsPanel({ creation, allocation, disabled }: PanelProps) {
  const titleId = useId();
  return (
    <section className="creation-panel creation-panel--stats" aria-labelledby={titleId}>
      <h2 id={titleId}>{text.stats}</h2>
      <p className="creation-panel__hint">{text.statsHint}</p>
      <ul className="stat-list">
        {STAT_NAMES.map((stat) => {
          const value = allocation.stats[stat];
          const { raise, refund } = statStepCosts(value);
          const label = statLabels[stat];
          return (
            <li key={stat} className="stat-row">
              <span className="stat-row__name">{label}</span>
              <button
                type="button"
                className="stepper"
                aria-label={`${text.lower} ${label}`}
                disabled={disabled || !canLowerStat(allocation, stat)}
                onClick={() => creation.send({ type: 'stat.lower', stat })}
              >
                −
              </button>
              <output className="stat-row__value" aria-label={label}>
                {value}
              </output>
              <button
                type="button"
                className="stepper"
                aria-label={`${text.raise} ${label}`}
                disabled={disabled || !canRaiseStat(allocation, stat)}
                onClick={() => creation.send({ type: 'stat.raise', stat })}
              >
                +
              </button>
              <span className="stat-row__modifier" title={text.modifier}>
                {signed(modifier(value))}
              </span>
              <span className="stat-row__costs">
                {raise !== null && <span>{`${text.costs} ${raise}`}</span>}
                {refund !== null && <span>{`${text.refunds} ${refund}`}</span>}
              </span>
            </li>
          );
        })}
        <li className="stat-row stat-row--fixed">
          <span className="stat-row__name">{statLabels.autre}</span>
          <span />
          <output className="stat-row__value" aria-label={statLabels.autre}>
            {AUTRE_VALUE}
          </output>
          <span />
          <span className="stat-row__modifier">{signed(modifier(AUTRE_VALUE))}</span>
          <span className="stat-row__costs">{text.fixed}</span>
        </li>
      </ul>
    </section>
  );
}

function SkillsPanel({ creation, allocation, disabled }: PanelProps) {
  const titleId = useId();
  return (
    <section className="creation-panel creation-panel--skills" aria-labelledby={titleId}>
      <h2 id={titleId}>{text.skills}</h2>
      <p className="creation-panel__hint">{text.skillsHint}</p>
      <div className="skill-groups">
        {LINKED_STAT_ORDER.map((linked) => (
          <div key={linked} className="skill-group">
            <h3>
              {statLabels[linked]}{' '}
              <span className="skill-group__mod">
                {signed(modifier(linked === 'autre' ? AUTRE_VALUE : allocation.stats[linked]))}
              </span>
            </h3>
            <ul>
              {SKILL_NAMES.filter((skill) => SKILL_LINKS[skill] === linked).map((skill) => {
                const points = allocation.skills[skill] ?? 0;
                const label = skillLabels[skill];
                return (
                  <li key={skill} className="skill-row">
                    <span className="skill-row__name">{label}</span>
                    <button
                      type="button"
                      className="stepper stepper--small"
                      aria-label={`${text.lower} ${label}`}
                      disabled={disabled || !canLowerSkill(allocation, skill)}
                      onClick={() => creation.send({ type: 'skill.lower', skill })}
                    >
                      −
                    </button>
                    <span className="pips" role="img" aria-label={`${label} : ${points} / ${SKILL_MAX}`}>
                      {Array.from({ length: SKILL_MAX }, (_, i) => (
                        <span key={i} className={i < points ? 'pip pip--on' : 'pip'} />
                      ))}
                    </span>
                    <button
                      type="button"
                      className="stepper stepper--small"
                      aria-label={`${text.raise} ${label}`}
                      disabled={disabled || !canRaiseSkill(allocation, skill)}
                      onClick={() => creation.send({ type: 'skill.raise', skill })}
                    >
                      +
                    </button>
                    <span className="skill-row__bonus" data-testid={`skill-bonus-${skill}`}>
                      {signed(skillBonus(skill, allocation.stats, points))}
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
