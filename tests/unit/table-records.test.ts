import { describe, expect, it } from 'vitest';
import { dict, own, withEntry, withoutEntry } from '../../src/domain/table/records';

const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

describe('table records', () => {
  it('inherit nothing: a name a prototype would offer reads as absent', () => {
    const record = dict<number>();
    for (const name of names) {
      expect(own(record, name)).toBeUndefined();
      expect(name in record).toBe(false);
    }
  });

  it("keep '__proto__' and the other built-in names as ordinary entries", () => {
    let record = dict(names.map((name, index) => [name, index] as const));
    record = withEntry(record, 'Forêt', 99);
    const keys: string[] = [];
    for (const key in record) keys.push(key);
    expect(keys).toEqual([...names, 'Forêt']);
    for (const [index, name] of names.entries()) expect(own(record, name)).toBe(index);
    expect(JSON.parse(JSON.stringify(record))).toEqual(
      Object.fromEntries([...names.map((name, index) => [name, index]), ['Forêt', 99]]),
    );
    const without = withoutEntry(record, '__proto__');
    expect(own(without, '__proto__')).toBeUndefined();
    expect(own(record, '__proto__')).toBe(0);
  });

  it('share a prototype nobody can change', () => {
    const prototype = Object.getPrototypeOf(dict()) as Record<string, unknown>;
    expect(Object.getPrototypeOf(prototype)).toBeNull();
    expect(Object.isFrozen(prototype)).toBe(true);
    expect(() => {
      prototype.polluted = true;
    }).toThrow(TypeError);
    expect(own(dict(), 'polluted')).toBeUndefined();
  });
});
