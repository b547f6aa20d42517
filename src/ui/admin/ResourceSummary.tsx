import type { GameResource } from '../../api/schemas/resources';
import { memoryBonuses } from '../../domain/character/equipment';
import type { ResourceCategory } from '../../domain/resources/categories';
import { bonusLabel, damageLabel, signed } from '../creation/labels';
import { adminMessages } from './messages';
import { categoryFields, type FieldSpec } from './resource-fields';

const text = adminMessages.card;

/** A memory's bonuses as the sheet writes them: +2 Athlétisme, Dégâts 1d4. */
function bonusesOf(stat: unknown): string | null {
  const numbers = Object.entries(memoryBonuses(stat)).map(
    ([name, value]) => `${signed(value)} ${bonusLabel(name)}`,
  );
  const damage = Array.isArray(stat)
    ? (stat as Array<{ stat: string; bonus: unknown }>).find((entry) => entry.stat === 'damage')?.bonus
    : undefined;
  const all =
    damage === undefined || damage === '' ? numbers : [...numbers, `${damageLabel} ${String(damage)}`];
  return all.length === 0 ? null : all.join(', ');
}

/** One field's value as the card shows it, or null when there is nothing to show. */
function shownValue(spec: FieldSpec, value: unknown, memories: readonly GameResource[]): string | null {
  if (value === null || value === undefined || value === '') return null;
  switch (spec.kind) {
    case 'stats':
      return bonusesOf(value);
    case 'checkbox':
      return value === true ? text.yes : null;
    case 'memory':
      return memories.find((memory) => memory.id === value)?.name ?? null;
    case 'select':
      return spec.options.find((option) => option.value === value)?.label ?? String(value);
    case 'integer':
    case 'number':
      return value === 0 && spec.zero !== undefined ? spec.zero : String(value);
    default:
      return String(value);
  }
}

/**
 * What the selected resource is, at the top of its action card: the figures of its category (a
 * monster's PV, CA and damage, a memory's slot and bonuses, an attack's roll and range…), then its
 * description, so the MJ acts knowing on what.
 */
export function ResourceSummary({
  category,
  resource,
  memories,
}: {
  category: ResourceCategory;
  resource: GameResource;
  memories: readonly GameResource[];
}) {
  const fields = resource as unknown as Record<string, unknown>;
  const figures = categoryFields[category]
    // A link and a memory's story are for the form; the card keeps to what the MJ acts on.
    .filter((spec) => spec.kind !== 'url' && spec.name !== 'story')
    .flatMap((spec) => {
      const value = shownValue(spec, fields[spec.name], memories);
      return value === null ? [] : [{ spec, value }];
    });
  const description = typeof fields.description === 'string' ? fields.description.trim() : '';
  if (figures.length === 0 && description === '') return null;
  return (
    <section className="resource-summary" aria-label={text.summary}>
      {figures.length > 0 && (
        <dl className="resource-summary__figures">
          {figures.map(({ spec, value }) => (
            <div key={spec.name}>
              <dt title={spec.hint}>{spec.shortLabel ?? spec.label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {description !== '' && <p className="resource-summary__description">{description}</p>}
    </section>
  );
}
