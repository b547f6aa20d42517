import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type {
  CharacterSheet,
  HeldAspectAbility,
  HeldEcho,
  HeldItem,
  HeldMemory,
  HeldRune,
} from '../../api/schemas/characters';
import {
  EQUIPMENT_SLOTS,
  equipmentSlotOf,
  memoryBonuses,
  type EquippedMemory,
} from '../../domain/character/equipment';
import { soulShardValue } from '../../domain/character/soul-core';
import { bonusLabel, damageLabel, signed } from '../creation/labels';
import { attackNumbers } from '../../domain/table/attack-numbers';
import type { EquipmentActor, SheetActor } from './CharacterSheetView';
import { sheetMessages as text } from './messages';
import './sheet-equipment.css';
import './sheet-lists.css';
import { Notice } from '../components/Notice';

/** A memory's bonuses as chips: the numbers it adds, and its damage roll. */
function BonusChips({ stat }: { stat: unknown }) {
  const numbers = Object.entries(memoryBonuses(stat));
  const damage = Array.isArray(stat)
    ? (stat as Array<{ stat: string; bonus: unknown }>).find((entry) => entry.stat === 'damage')?.bonus
    : undefined;
  if (numbers.length === 0 && damage === undefined) return null;
  return (
    <ul className="bonus-chips">
      {numbers.map(([name, value]) => (
        <li key={name}>
          {signed(value)} {bonusLabel(name)}
        </li>
      ))}
      {damage !== undefined && (
        <li>
          {damageLabel} {String(damage)}
        </li>
      )}
    </ul>
  );
}

function Panel({ area, title, children }: { area: string; title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={`sheet-panel sheet-panel--${area}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Empty({ children }: { children: string }) {
  return <p className="sheet-empty">{children}</p>;
}

/** The seven slots (table.md §4), then whatever is worn in no known slot. */
export function EquipmentPanel({ actor, equipment }: { actor: SheetActor; equipment: EquipmentActor }) {
  const equipped = useSelector(equipment, (snapshot) => snapshot.context.equipped);
  const busy = useSelector(equipment, (snapshot) => snapshot.hasTag('busy'));
  const error = useSelector(equipment, (snapshot) => snapshot.context.error);
  const enchantments = useSelector(actor, (snapshot) => snapshot.context.enchantments);
  const inSlot = (slot: string | null) => equipped.filter((memory) => equipmentSlotOf(memory.type) === slot);
  const slots: Array<[string, EquippedMemory[]]> = EQUIPMENT_SLOTS.map((slot) => [slot, inSlot(slot)]);
  const others = inSlot(null);
  if (others.length > 0) slots.push([text.otherSlot, others]);
  return (
    <Panel area="equipment" title={text.equipment}>
      <ul className="equipment-slots">
        {slots.map(([slot, worn]) => (
          <li
            key={slot}
            className={worn.length > 0 ? 'slot slot--worn' : 'slot'}
            data-testid={`slot-${slot}`}
          >
            <span className="slot__name">{slot}</span>
            {worn.length === 0 && <span className="slot__empty">{text.emptySlot}</span>}
            {worn.map((memory) => (
              <div key={memory.memoryId} className="slot__memory">
                <strong>{memory.name}</strong>
                <BonusChips stat={memory.stat} />
                {(enchantments[memory.memoryId] ?? []).length > 0 && (
                  <p className="slot__enchantments">
                    {text.enchantments} :{' '}
                    {enchantments[memory.memoryId]!.map((enchantment) => enchantment.name).join(', ')}
                  </p>
                )}
                <button
                  type="button"
                  className="secondary slot__action"
                  disabled={busy}
                  aria-label={`${text.unequip} ${memory.name}`}
                  onClick={() => equipment.send({ type: 'equipment.unequip', memoryId: memory.memoryId })}
                >
                  {text.unequip}
                </button>
              </div>
            ))}
          </li>
        ))}
      </ul>
      <div aria-live="polite">
        {error && (
          <Notice tone="error" className="creation__error">
            {error}
          </Notice>
        )}
      </div>
    </Panel>
  );
}

/** Attacks per weapon worn (GET /attack/memory/{memoryId}?playerId=…). */
export function AttacksPanel({ actor }: { actor: SheetActor }) {
  const sheet = useSelector(actor, (snapshot) => snapshot.context.sheet);
  const attacks = useSelector(actor, (snapshot) => snapshot.context.attacks);
  const weapons = (sheet?.memories ?? []).filter(
    (memory) => memory.equipped && equipmentSlotOf(memory.type) === 'Arme',
  );
  return (
    <Panel area="attacks" title={text.attacks}>
      {weapons.length === 0 && <Empty>{text.noWeapon}</Empty>}
      {weapons.map((weapon) => {
        const list = attacks[weapon.id] ?? [];
        return (
          <div key={weapon.id} className="weapon">
            <h3>{weapon.name}</h3>
            {list.length === 0 ? (
              <Empty>{text.noAttack}</Empty>
            ) : (
              <ul className="sheet-list">
                {list.map((attack) => (
                  <li key={attack.id} className="sheet-entry">
                    <div className="sheet-entry__head">
                      <strong>{attack.name}</strong>
                      <span className="sheet-tag">{attackNumbers(attack, weapon).damage}</span>
                    </div>
                    <p className="sheet-entry__meta">
                      {attack.weaponType} · {text.range(attack.range)} · {text.targets(attack.maxTargets)} ·{' '}
                      {text.cost} {attack.cost}
                    </p>
                    {attack.description && <p className="sheet-entry__text">{attack.description}</p>}
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </Panel>
  );
}

/** Every memory held, to put on or take off. */
export function MemoriesPanel({ sheet, equipment }: { sheet: CharacterSheet; equipment: EquipmentActor }) {
  const busy = useSelector(equipment, (snapshot) => snapshot.hasTag('busy'));
  const worn = useSelector(equipment, (snapshot) => snapshot.context.equipped);
  const isWorn = (memory: HeldMemory) => worn.some((item) => item.memoryId === memory.id);
  return (
    <Panel area="memories" title={text.memories}>
      {sheet.memories.length === 0 && <Empty>{text.noMemory}</Empty>}
      <ul className="sheet-list">
        {sheet.memories.map((memory) => (
          <li key={memory.id} className={isWorn(memory) ? 'sheet-entry sheet-entry--worn' : 'sheet-entry'}>
            <div className="sheet-entry__head">
              <strong>{memory.name}</strong>
              <span className="sheet-tag">{memory.type}</span>
            </div>
            <p className="sheet-entry__meta">
              {text.rank} {memory.rang}
              {isWorn(memory) && <span className="sheet-worn"> · {text.worn}</span>}
            </p>
            <BonusChips stat={memory.stat} />
            <button
              type="button"
              className={isWorn(memory) ? 'secondary' : undefined}
              disabled={busy}
              aria-label={`${isWorn(memory) ? text.unequip : text.equip} ${memory.name}`}
              onClick={() =>
                equipment.send(
                  isWorn(memory)
                    ? { type: 'equipment.unequip', memoryId: memory.id }
                    : {
                        type: 'equipment.equip',
                        memory: {
                          memoryId: memory.id,
                          name: memory.name,
                          type: memory.type,
                          stat: memory.stat,
                        },
                      },
                )
              }
            >
              {busy ? text.equipping : isWorn(memory) ? text.unequip : text.equip}
            </button>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** Items with their quantities; a Soul Shard can be fed to the core from here. */
export function InventoryPanel({ actor, sheet }: { actor: SheetActor; sheet: CharacterSheet }) {
  const feedback = useSelector(actor, (snapshot) => snapshot.context.shardFeedback);
  return (
    <Panel area="inventory" title={text.inventory}>
      {sheet.items.length === 0 && <Empty>{text.noItem}</Empty>}
      <ul className="sheet-list">
        {sheet.items.map((item) => (
          <li key={item.id} className="sheet-entry" data-testid={`item-${item.name}`}>
            <div className="sheet-entry__head">
              <strong>{item.name}</strong>
              <span className="sheet-quantity" aria-label={`Quantité de ${item.name}`}>
                ×{item.quantity}
              </span>
            </div>
            <p className="sheet-entry__meta">
              {[item.type, item.value > 0 ? `${item.value} ${text.credits.toLowerCase()}` : '']
                .filter(Boolean)
                .join(' · ')}
            </p>
            {item.description && <p className="sheet-entry__text">{item.description}</p>}
            <ShardForm key={item.quantity} actor={actor} item={item} />
          </li>
        ))}
      </ul>
      <div aria-live="polite">
        {feedback && (
          <Notice
            tone={feedback.ok ? 'success' : 'error'}
            className={feedback.ok ? 'creation__success' : 'creation__error'}
          >
            {feedback.text}
          </Notice>
        )}
      </div>
    </Panel>
  );
}

function ShardForm({ actor, item }: { actor: SheetActor; item: HeldItem }) {
  const busy = useSelector(actor, (snapshot) => snapshot.matches({ ready: 'consumingShards' }));
  const [count, setCount] = useState('1');
  const inputId = useId();
  const value = soulShardValue(item.name);
  if (value === null) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'shard.consume', itemId: item.id, quantity: Number(count) });
  };
  return (
    <form className="shard-form" onSubmit={submit}>
      <span className="shard-form__value">{text.perShard(value)}</span>
      <label htmlFor={inputId} className="visually-hidden">
        {text.shardCount(item.name)}
      </label>
      <input
        id={inputId}
        type="number"
        min={1}
        max={item.quantity}
        step={1}
        value={count}
        onChange={(event) => {
          setCount(event.target.value);
          actor.send({ type: 'shard.feedback.dismiss' });
        }}
      />
      <button type="submit" disabled={busy}>
        {busy ? text.consuming : text.consume}
      </button>
    </form>
  );
}

export function EchoesPanel({ echoes }: { echoes: HeldEcho[] }) {
  return (
    <Panel area="echoes" title={text.echoes}>
      {echoes.length === 0 && <Empty>{text.noEcho}</Empty>}
      <ul className="sheet-list">
        {echoes.map((echo) => (
          <li key={echo.id} className="sheet-entry">
            <div className="sheet-entry__head">
              <strong>{echo.name}</strong>
              {echo.damage && <span className="sheet-tag">{echo.damage}</span>}
            </div>
            <p className="sheet-entry__meta">
              PV {echo.PV} · CA {echo.CA}
            </p>
            {echo.description && <p className="sheet-entry__text">{echo.description}</p>}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

export function RunesPanel({ runes }: { runes: HeldRune[] }) {
  return (
    <Panel area="runes" title={text.runes}>
      {runes.length === 0 && <Empty>{text.noRune}</Empty>}
      <ul className="sheet-list">
        {runes.map((rune) => (
          <li key={rune.id} className="sheet-entry">
            <strong>{rune.name}</strong>
            {rune.effet && <p className="sheet-entry__meta">{rune.effet}</p>}
            {rune.description && <p className="sheet-entry__text">{rune.description}</p>}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

export function AspectAbilitiesPanel({ abilities }: { abilities: HeldAspectAbility[] }) {
  return (
    <Panel area="aspects" title={text.aspectAbilities}>
      {abilities.length === 0 && <Empty>{text.noAspectAbility}</Empty>}
      <ul className="sheet-list">
        {abilities.map((ability) => (
          <li key={ability.id} className="sheet-entry">
            <div className="sheet-entry__head">
              <strong>{ability.name}</strong>
              {ability.cost && (
                <span className="sheet-tag">
                  {text.cost} {ability.cost}
                </span>
              )}
            </div>
            {ability.type && <p className="sheet-entry__meta">{ability.type}</p>}
            {ability.description && <p className="sheet-entry__text">{ability.description}</p>}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
