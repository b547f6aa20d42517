import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { CharacterSheet } from '../../api/schemas/characters';
import { COMBAT_CAPACITIES } from '../../domain/character/combat-boosts';
import type { SheetNumbers } from '../../domain/character/equipment';
import { expectedImageLink } from '../../domain/character/image-link';
import { SKILL_LINKS, SKILL_NAMES } from '../../domain/character/skills';
import { SOUL_CORE_MAX } from '../../domain/character/soul-core';
import { AUTRE_VALUE, modifier, STAT_NAMES } from '../../domain/character/stats';
import type { characterSheetMachine } from '../../machines/character-sheet.machine';
import type { equipmentMachine } from '../../machines/equipment.machine';
import {
  capacityLabels,
  derivedLabels,
  LINKED_STAT_ORDER,
  signed,
  skillLabels,
  statLabels,
} from '../creation/labels';
// The creation page's panels, tiles and skill groups first: the sheet's own rules refine them.
import '../creation/creation-panels.css';
import '../creation/identity-panel.css';
import '../creation/derived-list.css';
import '../creation/capacity-list.css';
import '../creation/skill-groups.css';
import '../creation/creation-footer.css';
import './soul-core-gauge.css';
import './sheet-numbers.css';
import './image-panel.css';
import { sheetMessages as text } from './messages';
import { SheetWayOut } from './SheetWayOut';
import {
  AspectAbilitiesPanel,
  AttacksPanel,
  EchoesPanel,
  EquipmentPanel,
  InventoryPanel,
  MemoriesPanel,
  RunesPanel,
} from './SheetPanels';
import { Notice } from '../components/Notice';
import { ConditionList } from '../conditions/ConditionsEditor';
import { conditionViewMessages } from '../conditions/messages';
import { usePictureSource } from '../components/use-picture-source';

export type SheetActor = ActorRefFrom<typeof characterSheetMachine>;
export type EquipmentActor = ActorRefFrom<typeof equipmentMachine>;

export function CharacterSheetView({ sheet: actor }: { sheet: SheetActor }) {
  const sheet = useSelector(actor, (snapshot) => snapshot.context.sheet);
  const loadError = useSelector(actor, (snapshot) => snapshot.context.loadError);
  const failed = useSelector(actor, (snapshot) => snapshot.matches('failed'));

  if (failed) {
    return (
      <main className="sheet creation--empty">
        <Notice tone="error" className="creation__error">
          {loadError}
        </Notice>
        <p>
          <button type="button" className="secondary" onClick={() => actor.send({ type: 'sheet.reload' })}>
            {text.retry}
          </button>{' '}
          <SheetWayOut />
        </p>
      </main>
    );
  }
  if (!sheet) {
    return (
      <main className="sheet creation--empty" aria-busy="true">
        <p role="status">{text.loading}</p>
      </main>
    );
  }
  return <SheetReady actor={actor} sheet={sheet} />;
}

/** The numbers shown come from the equipment machine: base plus what the character wears. */
function SheetReady({ actor, sheet }: { actor: SheetActor; sheet: CharacterSheet }) {
  const titleId = useId();
  const equipment = useSelector(
    actor,
    (snapshot) => snapshot.children.equipment as EquipmentActor | undefined,
  );
  if (!equipment) return null;
  return <SheetBody actor={actor} equipment={equipment} sheet={sheet} titleId={titleId} />;
}

interface BodyProps {
  actor: SheetActor;
  equipment: EquipmentActor;
  sheet: CharacterSheet;
  titleId: string;
}

function SheetBody({ actor, equipment, sheet, titleId }: BodyProps) {
  const portrait = usePictureSource(sheet.assetLink, 'phone');
  const base: SheetNumbers = useSelector(equipment, (snapshot) => snapshot.context.base);
  const shown: SheetNumbers = useSelector(equipment, (snapshot) => snapshot.context.shown);
  const vitals = useSelector(actor, (snapshot) => snapshot.context.vitals);
  const gameName = useSelector(actor, (snapshot) => snapshot.context.gameName);
  // At the table, health reads as it stands there now: « 18 / 30 ».
  const derived = (key: keyof typeof derivedLabels) =>
    vitals && key === 'HP'
      ? `${vitals.currentHP} / ${vitals.maxHP}`
      : vitals && key === 'soulEssence'
        ? `${vitals.currentSoulEssence} / ${vitals.maxSoulEssence}`
        : sheet[key];
  return (
    <main className="sheet" aria-labelledby={titleId}>
      <header className="sheet__header">
        <div className="sheet__identity">
          <div className="sheet-portrait">
            {portrait ? (
              <img src={portrait} alt={sheet.name} />
            ) : (
              <span aria-hidden>{sheet.name.charAt(0).toUpperCase()}</span>
            )}
          </div>
          <div>
            <p className="sheet__kicker">{text.title}</p>
            <h1 id={titleId}>{sheet.name}</h1>
            {sheet.gameId === null ? (
              <p className="sheet__game">{text.noGame}</p>
            ) : (
              gameName !== null && <p className="sheet__game">{text.game(gameName)}</p>
            )}
          </div>
        </div>
        <SheetWayOut />
      </header>

      <SoulCoreGauge value={sheet.soulCore} />

      <div className="sheet__grid">
        <section className="sheet-panel sheet-panel--vitals" aria-labelledby={`${titleId}-vitals`}>
          <h2 id={`${titleId}-vitals`}>{text.vitals}</h2>
          <dl className="derived-list derived-list--sheet">
            {(Object.keys(derivedLabels) as Array<keyof typeof derivedLabels>).map((key) => (
              <div key={key} className={`derived derived--${key}`}>
                <dt>{derivedLabels[key]}</dt>
                <dd>{derived(key)}</dd>
              </div>
            ))}
            <div className="derived">
              <dt>{text.inspiration}</dt>
              <dd>{sheet.inspiration}</dd>
            </div>
            <div className="derived">
              <dt>{text.divineGift}</dt>
              <dd>{sheet.divineGift}</dd>
            </div>
            <div className="derived">
              <dt>{text.credits}</dt>
              <dd>{sheet.credits}</dd>
            </div>
          </dl>
          {vitals && (
            <div className="sheet-conditions">
              <h3>{conditionViewMessages.sheetTitle}</h3>
              <ConditionList conditions={vitals.conditions ?? []} />
            </div>
          )}
        </section>

        <section className="sheet-panel sheet-panel--stats" aria-labelledby={`${titleId}-stats`}>
          <h2 id={`${titleId}-stats`}>{text.stats}</h2>
          <ul className="sheet-stats">
            {STAT_NAMES.map((stat) => (
              <StatTile
                key={stat}
                label={statLabels[stat]}
                base={base.stats[stat]}
                shown={shown.stats[stat]}
              />
            ))}
            <StatTile label={statLabels.autre} base={AUTRE_VALUE} shown={AUTRE_VALUE} />
          </ul>
        </section>

        <section className="sheet-panel sheet-panel--combat" aria-labelledby={`${titleId}-combat`}>
          <h2 id={`${titleId}-combat`}>{text.combat}</h2>
          <dl className="sheet-capacities">
            {COMBAT_CAPACITIES.map((capacity) => (
              <div key={capacity} className={sheet[capacity] > 0 ? 'capacity capacity--on' : 'capacity'}>
                <dt>{capacityLabels[capacity]}</dt>
                <dd>{signed(sheet[capacity])}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section className="sheet-panel sheet-panel--skills" aria-labelledby={`${titleId}-skills`}>
          <h2 id={`${titleId}-skills`}>{text.skills}</h2>
          <div className="skill-groups skill-groups--sheet">
            {LINKED_STAT_ORDER.map((linked) => (
              <div key={linked} className="skill-group">
                <h3>{statLabels[linked]}</h3>
                <dl>
                  {SKILL_NAMES.filter((skill) => SKILL_LINKS[skill] === linked).map((skill) => (
                    <div key={skill} className="sheet-skill">
                      <dt>{skillLabels[skill]}</dt>
                      <dd data-testid={`sheet-skill-${skill}`}>
                        {signed(shown.skills[skill])}
                        <Bonus base={base.skills[skill]} shown={shown.skills[skill]} />
                      </dd>
                    </div>
                  ))}
                </dl>
              </div>
            ))}
          </div>
        </section>

        <ImagePanel actor={actor} sheet={sheet} />
        <EquipmentPanel actor={actor} equipment={equipment} />
        <AttacksPanel actor={actor} />
        <MemoriesPanel sheet={sheet} equipment={equipment} />
        <InventoryPanel actor={actor} sheet={sheet} />
        <EchoesPanel echoes={sheet.echoes} />
        <RunesPanel runes={sheet.runes} />
        <AspectAbilitiesPanel abilities={sheet.aspectAbilities} />
      </div>
    </main>
  );
}

function StatTile({ label, base, shown }: { label: string; base: number; shown: number }) {
  return (
    <li className="sheet-stat">
      <span className="sheet-stat__name">{label}</span>
      <span className="sheet-stat__value" aria-label={label}>
        {shown}
      </span>
      <span className="sheet-stat__modifier">{signed(modifier(shown))}</span>
      <Bonus base={base} shown={shown} />
    </li>
  );
}

/** The part of a number its equipment gives, when it gives any. */
function Bonus({ base, shown }: { base: number; shown: number }) {
  if (shown === base) return null;
  return (
    <span className="equipment-bonus" title={text.equipmentBonus}>
      ({signed(shown - base)})
    </span>
  );
}

function SoulCoreGauge({ value }: { value: number }) {
  const id = useId();
  const percent = Math.round((value / SOUL_CORE_MAX) * 1000) / 10;
  return (
    <section className="soul-core" aria-labelledby={id}>
      <h2 id={id}>{text.soulCore}</h2>
      <div
        className="soul-core__track"
        role="meter"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={SOUL_CORE_MAX}
        aria-valuenow={value}
      >
        <div className="soul-core__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="soul-core__value">
        <strong>{value}</strong> / {SOUL_CORE_MAX}
      </p>
    </section>
  );
}

function ImagePanel({ actor, sheet }: { actor: SheetActor; sheet: CharacterSheet }) {
  const imageError = useSelector(actor, (snapshot) => snapshot.context.imageError);
  const bucket = useSelector(actor, (snapshot) => snapshot.context.imageBucketUrl);
  const saving = useSelector(actor, (snapshot) => snapshot.matches({ ready: 'savingImage' }));
  const [link, setLink] = useState(sheet.assetLink ?? '');
  const inputId = useId();
  const hintId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'image.change', link });
  };
  return (
    <section className="sheet-panel sheet-panel--image" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{text.image}</h2>
      <form className="image-form" onSubmit={submit}>
        <label htmlFor={inputId}>{text.imageLink}</label>
        <input
          id={inputId}
          type="url"
          value={link}
          aria-describedby={hintId}
          onChange={(event) => {
            setLink(event.target.value);
            if (imageError) actor.send({ type: 'image.feedback.dismiss' });
          }}
        />
        <p id={hintId} className="field-hint">
          {text.imageHint} <code>{expectedImageLink(sheet.name, bucket ?? 'https://…/')}</code>
        </p>
        <button type="submit" disabled={saving}>
          {saving ? text.imageSaving : text.imageSave}
        </button>
        <div aria-live="polite">
          {imageError && (
            <Notice tone="error" className="creation__error">
              {imageError}
            </Notice>
          )}
        </div>
      </form>
    </section>
  );
}
