import { useId, useState, type FormEvent } from 'react';
import {
  resourceForms,
  type GameResource,
  type ResourceForm as ResourceFormBody,
} from '../../api/schemas/resources';
import { equipmentSlotOf, weaponTypeOf } from '../../domain/character/equipment';
import {
  MEMORY_BONUS_MAX,
  MEMORY_BONUS_MIN,
  memoryStatNames,
  type ResourceCategory,
} from '../../domain/resources/categories';
import { bonusLabel, statLabels } from '../creation/labels';
import { adminMessages } from './messages';
import {
  bodyOf,
  categoryFields,
  commonFields,
  extraCommonFields,
  type Draft,
  type FieldSpec,
} from './resource-fields';
import { Notice } from '../components/Notice';
import { StoredPictureField } from './StoredPictureField';

interface StatRow {
  stat: string;
  bonus: number | string;
}

const bonuses = Array.from(
  { length: MEMORY_BONUS_MAX - MEMORY_BONUS_MIN + 1 },
  (_, i) => MEMORY_BONUS_MIN + i,
);

/** A memory's bonuses: +1..+10 from a list, except damage, which is free text (table.md §5). */
function StatsEditor({ rows, onChange }: { rows: StatRow[]; onChange: (rows: StatRow[]) => void }) {
  const id = useId();
  const update = (index: number, row: StatRow) => onChange(rows.map((old, i) => (i === index ? row : old)));
  const unused = memoryStatNames.find((stat) => !rows.some((row) => row.stat === stat));
  return (
    <fieldset className="admin-form__stats">
      <legend>Bonus de statistiques</legend>
      {rows.map((row, index) => (
        <div className="admin-form__stat" key={index}>
          <label htmlFor={`${id}-stat-${index}`}>{adminMessages.form.stat}</label>
          <select
            id={`${id}-stat-${index}`}
            value={row.stat}
            onChange={(event) => {
              const stat = event.target.value;
              update(index, { stat, bonus: stat === 'damage' ? '' : 1 });
            }}
          >
            {memoryStatNames.map((stat) => (
              <option key={stat} value={stat}>
                {bonusLabel(stat)}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-bonus-${index}`}>{adminMessages.form.bonus}</label>
          {row.stat === 'damage' ? (
            <input
              id={`${id}-bonus-${index}`}
              value={String(row.bonus)}
              placeholder={adminMessages.form.damageHint}
              onChange={(event) => update(index, { ...row, bonus: event.target.value })}
            />
          ) : (
            <select
              id={`${id}-bonus-${index}`}
              value={String(row.bonus)}
              onChange={(event) => update(index, { ...row, bonus: Number(event.target.value) })}
            >
              {bonuses.map((bonus) => (
                <option key={bonus} value={bonus}>
                  +{bonus}
                </option>
              ))}
            </select>
          )}
          <button
            type="button"
            className="secondary"
            aria-label={`${adminMessages.form.removeStat} (${bonusLabel(row.stat)})`}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            ×
          </button>
        </div>
      ))}
      {unused && (
        <button
          type="button"
          className="secondary"
          onClick={() => onChange([...rows, { stat: unused, bonus: unused === 'damage' ? '' : 1 }])}
        >
          {adminMessages.form.addStat}
        </button>
      )}
    </fieldset>
  );
}

/**
 * The memories a field may name: the weapons only for an attack, every memory for an enchantment,
 * and always the one already named, so editing never drops it unseen.
 */
function memoryOptions(
  spec: Extract<FieldSpec, { kind: 'memory' }>,
  memories: readonly GameResource[],
  current: unknown,
): Array<{ value: string; label: string }> {
  return memories.flatMap((memory) => {
    const type = 'type' in memory && typeof memory.type === 'string' ? memory.type : '';
    if (memory.category !== 'memory') return [];
    if (spec.weaponsOnly && equipmentSlotOf(type) !== 'Arme' && memory.id !== current) return [];
    return [{ value: memory.id, label: spec.weaponsOnly ? memory.name : `${memory.name} (${type})` }];
  });
}

function Field({
  gameId,
  spec,
  value,
  memories,
  hint,
  onChange,
}: {
  gameId: string;
  spec: FieldSpec;
  value: unknown;
  memories: readonly GameResource[];
  /** What the field means or what its value will do, under it. */
  hint: string | undefined;
  onChange: (value: unknown) => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const describedBy = hint === undefined ? undefined : hintId;
  if (spec.kind === 'stats') return <StatsEditor rows={(value as StatRow[]) ?? []} onChange={onChange} />;
  if (spec.kind === 'checkbox') {
    return (
      <div className="admin-form__check">
        <input
          id={id}
          type="checkbox"
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>{spec.label}</label>
      </div>
    );
  }
  return (
    <div className="admin-form__field">
      <label htmlFor={id}>{spec.label}</label>
      {spec.kind === 'textarea' ? (
        <textarea
          id={id}
          aria-describedby={describedBy}
          rows={3}
          value={String(value ?? '')}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : spec.kind === 'select' || spec.kind === 'memory' ? (
        <select
          id={id}
          aria-describedby={describedBy}
          value={String(value ?? '')}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{spec.kind === 'memory' ? adminMessages.form.noMemory : '—'}</option>
          {(spec.kind === 'memory' ? memoryOptions(spec, memories, value) : spec.options).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : spec.kind === 'url' && spec.upload ? (
        <StoredPictureField
          id={id}
          gameId={gameId}
          kind={spec.upload}
          value={String(value ?? '')}
          describedBy={describedBy}
          onChange={onChange}
        />
      ) : (
        <input
          id={id}
          type={spec.kind === 'url' ? 'url' : spec.kind === 'text' ? 'text' : 'number'}
          step={spec.kind === 'integer' ? 1 : spec.kind === 'number' ? 'any' : undefined}
          min={spec.kind === 'integer' || spec.kind === 'number' ? spec.min : undefined}
          required={spec.name === 'name'}
          aria-describedby={describedBy}
          value={String(value ?? '')}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {hint !== undefined && (
        <p id={hintId} className="admin-form__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * A weapon's type is read from its memory's name (weaponTypeOf, table.md §9): under the name of a
 * memory in the Arme slot, the rule, and what the name as typed gives.
 */
function weaponNameHint(draft: Draft): string | undefined {
  if (equipmentSlotOf(String(draft.type ?? '')) !== 'Arme') return undefined;
  const type = weaponTypeOf(String(draft.name ?? ''));
  const reading =
    type === null
      ? adminMessages.form.weaponTypeMissing
      : adminMessages.form.weaponTypeFound(statLabels[type]);
  return `${adminMessages.form.weaponNameHint} ${reading}`;
}

/**
 * The create and update form of one category. It checks the draft with the same zod schema as the
 * server and shows the first refusal; what it sends is the parsed body.
 */
export function ResourceForm({
  gameId,
  category,
  initial,
  memories,
  busy,
  onSubmit,
  onCancel,
}: {
  /** The game whose files « Choisir un fichier » sends to. */
  gameId: string;
  category: ResourceCategory;
  initial: Draft;
  /** The game's memories, for the field naming one (attack, enchantment). */
  memories: readonly GameResource[];
  busy: boolean;
  onSubmit: (form: ResourceFormBody) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [refusal, setRefusal] = useState<string | null>(null);
  const set = (name: string) => (value: unknown) => setDraft((old) => ({ ...old, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(category, draft);
    const parsed = resourceForms[category].safeParse(body);
    if (!parsed.success) {
      setRefusal(parsed.error.issues[0]?.message ?? 'Formulaire invalide');
      return;
    }
    setRefusal(null);
    onSubmit(body as ResourceFormBody);
  };

  const field = (spec: FieldSpec) => (
    <Field
      key={spec.name}
      gameId={gameId}
      spec={spec}
      value={draft[spec.name]}
      memories={memories}
      hint={category === 'memory' && spec.name === 'name' ? weaponNameHint(draft) : spec.hint}
      onChange={set(spec.name)}
    />
  );

  return (
    <form className="admin-form" aria-label="Formulaire de ressource" onSubmit={submit} noValidate>
      {[...commonFields, ...categoryFields[category]].map(field)}
      <details className="admin-form__more">
        <summary>Rareté, prix et poids</summary>
        {extraCommonFields.map(field)}
      </details>
      {refusal && (
        <Notice tone="error" className="admin-error">
          {refusal}
        </Notice>
      )}
      <div className="admin-form__buttons">
        <button type="submit" disabled={busy}>
          {busy ? adminMessages.card.sending : adminMessages.card.save}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {adminMessages.card.cancel}
        </button>
      </div>
    </form>
  );
}
