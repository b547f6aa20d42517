import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  equipmentSlotOf,
  equippedBonuses,
  memoryBonuses,
  occupantOfSlot,
  weaponTypeOf,
  withEquipment,
  type EquippedMemory,
} from '../../src/domain/character/equipment';
import { noSkillPoints } from '../../src/domain/character/skills';
import { startingStats } from '../../src/domain/character/stats';

const memory = (memoryId: string, type: string, stat: unknown = {}): EquippedMemory => ({
  memoryId,
  name: `Mémoire ${memoryId}`,
  type,
  stat,
});

describe('equipment slots (table.md §4)', () => {
  it('has one slot per memory type, Jambière and Jambières naming the same', () => {
    expect(
      ['Casque', 'Plastron', 'Jambières', 'Jambière', 'Chaussures', 'Gants', 'Arme', 'Breloque'].map(
        equipmentSlotOf,
      ),
    ).toEqual(['Casque', 'Plastron', 'Jambières', 'Jambières', 'Chaussures', 'Gants', 'Arme', 'Breloque']);
    expect(equipmentSlotOf('Anneau')).toBeNull();
  });

  it('names the memory a new one replaces in its slot', () => {
    const worn = [memory('a', 'Arme'), memory('b', 'Jambière')];
    expect(occupantOfSlot(worn, memory('c', 'Arme'))?.memoryId).toBe('a');
    expect(occupantOfSlot(worn, memory('d', 'Jambières'))?.memoryId).toBe('b');
    expect(occupantOfSlot(worn, memory('e', 'Casque'))).toBeNull();
    expect(occupantOfSlot(worn, memory('a', 'Arme'))).toBeNull();
    expect(occupantOfSlot(worn, memory('f', 'Inconnu'))).toBeNull();
  });
});

describe('equipped bonuses', () => {
  it('reads an object, its JSON text and the admin list, ignoring non-numeric values', () => {
    expect(memoryBonuses({ athletisme: 2, damage: '1d8' })).toEqual({ athletisme: 2 });
    expect(memoryBonuses('{"force":"1","perception":-1,"damage":"2d6"}')).toEqual({
      force: 1,
      perception: -1,
    });
    expect(
      memoryBonuses([
        { stat: 'savoir', bonus: 3 },
        { stat: 'damage', bonus: '1d4' },
      ]),
    ).toEqual({ savoir: 3 });
    expect(memoryBonuses('pas du json')).toEqual({});
    expect(memoryBonuses(null)).toEqual({});
  });

  it('adds every equipped memory to the base numbers', () => {
    const worn = [memory('a', 'Arme', { force: 2, athletisme: 1 }), memory('b', 'Casque', '{"force":1}')];
    expect(equippedBonuses(worn)).toEqual({ force: 3, athletisme: 1 });
    const shown = withEquipment({ stats: startingStats(), skills: noSkillPoints() }, worn);
    expect(shown.stats.force).toBe(11);
    expect(shown.skills.athletisme).toBe(1);
    expect(shown.stats.agilite).toBe(8);
  });

  it('subtracts exactly what equipping added', () => {
    const bonus = fc.dictionary(
      fc.constantFrom('force', 'agilite', 'savoir', 'damage'),
      fc.integer({ min: -5, max: 5 }),
    );
    fc.assert(
      fc.property(fc.array(bonus, { maxLength: 7 }), bonus, (worn, extra) => {
        const base = { stats: startingStats(), skills: noSkillPoints() };
        const before = withEquipment(
          base,
          worn.map((stat) => ({ stat })),
        );
        const on = withEquipment(
          base,
          [...worn, extra].map((stat) => ({ stat })),
        );
        expect(on.stats.force - before.stats.force).toBe(extra.force ?? 0);
        expect(on.skills.savoir - before.skills.savoir).toBe(extra.savoir ?? 0);
      }),
    );
  });
});

describe('weapon type (table.md §9)', () => {
  it('comes from FOR, AGI or INST in the memory name', () => {
    expect(weaponTypeOf('Épée FOR')).toBe('force');
    expect(weaponTypeOf('Dague AGI')).toBe('agilite');
    expect(weaponTypeOf('Arc INST')).toBe('instinct');
    expect(weaponTypeOf('Forêt')).toBeNull();
  });
});
