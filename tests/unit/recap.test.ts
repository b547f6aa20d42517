import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AttackSpec } from '../../src/domain/table/attack';
import type { TableCommand } from '../../src/domain/table/decide';
import { recapOf, type Recap } from '../../src/domain/table/recap';
import {
  eveningFileName,
  eveningJson,
  eveningMarkdown,
  markdownText,
} from '../../src/domain/table/evening-export';
import { eveningsOf } from '../../src/domain/table/evenings';
import { emptyTable } from '../../src/domain/table/reducer';
import { tokenAt } from '../../src/domain/table/records';
import type { TableActor, TableEvent } from '../../src/domain/table/types';
import { visibleTo } from '../../src/domain/table/visibility';
import {
  actors,
  ana,
  deliveredTo,
  mapRef,
  mj,
  monsterDraft,
  playerDraft,
  preparedSession,
  runServer,
} from './table-fixtures';

const FOREST = mapRef('Forêt');

const slash = (itemId: string, by: AttackSpec['by'], damageRoll: string): AttackSpec => ({
  name: 'Taillade',
  by,
  itemId,
  bonus: 30,
  damageRoll,
  range: 1,
  movement: 0,
  areaOfEffect: 'single',
  areaSize: 0,
  maxTargets: 1,
  essenceCost: 0,
});

/**
 * Ana against a goblin she sees, struck twice by a hidden spectre: token ids resolve in placing
 * order (`runServer`), Ana's « #0 », the goblin then the spectre among the monsters.
 */
const fight: Array<{ command: TableCommand; actor: TableActor }> = [
  { command: { type: 'map.select', map: FOREST, bringPlayers: true }, actor: mj },
  { command: { type: 'token.place', map: 'Forêt', token: playerDraft('c-ana') }, actor: mj },
  { command: { type: 'token.place', map: 'Forêt', token: monsterDraft('Gobelin', { x: 15 }) }, actor: mj },
  {
    command: {
      type: 'token.place',
      map: 'Forêt',
      token: monsterDraft('Spectre', { y: 17.5, visibility: false }),
    },
    actor: mj,
  },
  { command: { type: 'turnOrder.generate', map: 'Forêt' }, actor: mj },
  ...[1, 2].flatMap(() => [
    {
      command: {
        type: 'attack.perform' as const,
        map: 'Forêt',
        attackerId: '#0',
        attack: slash('c-ana', 'character', '1d10+7'),
        targetId: '#0',
        aim: null,
      },
      actor: ana,
    },
    {
      command: {
        type: 'attack.perform' as const,
        map: 'Forêt',
        attackerId: '#1',
        attack: slash('m-Spectre', 'monster', '1d4'),
        targetId: '#0',
        aim: null,
      },
      actor: mj,
    },
    { command: { type: 'turnOrder.next' as const, map: 'Forêt' }, actor: mj },
  ]),
  { command: { type: 'turnOrder.newCombat', map: 'Forêt' }, actor: mj },
];

const recapFor = (log: ReturnType<typeof runServer>['log'], actor: TableActor): Recap =>
  recapOf(visibleTo(emptyTable, actor), deliveredTo(log, actor));

/** Every name a recap gives. */
const namesIn = (recap: Recap): string[] => [
  ...recap.combatants.flatMap((one) => [one.name, ...one.opponents]),
  ...recap.fights.flatMap((one) => [one.map, ...one.participants]),
  ...recap.maps,
];

describe('the recap of an evening', () => {
  const { log, state } = runServer(fight, 7);
  const spectre = Object.values(state.tokens['Forêt'] ?? {}).find((token) => token.itemId === 'm-Spectre')!;
  const anaToken = Object.values(state.tokens['Forêt'] ?? {}).find((token) => token.itemId === 'c-ana')!;

  it('tells the MJ who fought whom, the hidden spectre included, and what it cost', () => {
    const recap = recapFor(log, mj);
    const byName = new Map(recap.combatants.map((one) => [one.name, one]));
    expect(byName.get('c-ana')?.opponents).toEqual(expect.arrayContaining(['Gobelin 1', spectre.name]));
    expect(byName.get(spectre.name)?.opponents).toEqual(['c-ana']);
    expect(byName.get('c-ana')?.taken).toBe(30 - tokenAt(state, 'Forêt', anaToken.usableId)!.currentHP!);
    expect(byName.get('c-ana')?.dealt).toBe(byName.get('Gobelin 1')?.taken);
    expect(byName.get('c-ana')?.kills).toBe(tokenAt(state, 'Forêt', 'token-2')?.currentHP === 0 ? 1 : 0);
    expect(recap.combatants[0]?.name).toBe('c-ana');
    expect(recap.maps).toEqual(['Forêt']);
    expect(recap.turns).toBe(2);
    expect(recap.fights).toEqual([
      expect.objectContaining({ map: 'Forêt', turns: 2, ongoing: false, rounds: expect.any(Number) }),
    ]);
    expect(recap.longest).toBe(0);
  });

  it('tells Ana her blows and what she lost, never the hidden spectre', () => {
    const recap = recapFor(log, ana);
    const mine = recap.combatants.find((one) => one.name === 'c-ana')!;
    expect(mine.taken).toBe(30 - anaToken.currentHP!);
    expect(mine.opponents).toEqual(['Gobelin 1']);
    expect(JSON.stringify(recap)).not.toContain('Spectre');
    expect(recap.fights[0]?.participants).not.toContain(spectre.name);
  });

  it('counts in the d20 chart every die of twenty sides the reader saw', () => {
    const recap = recapFor(log, mj);
    const d20s = log.flatMap(({ event }) =>
      event.type === 'dice.rolled' && event.payload.roll?.sides === 20 ? event.payload.roll.dice : [],
    );
    expect(recap.d20Faces.reduce((sum, count) => sum + count, 0)).toBe(d20s.length);
    expect(recap.d20Faces.filter((_, face) => face === 19)[0]).toBe(d20s.filter((die) => die === 20).length);
  });

  it('sums one blow on both sides and names only what the reader received', () => {
    fc.assert(
      fc.property(preparedSession, (commands) => {
        const { log: logged } = runServer(commands);
        for (const actor of actors) {
          const received: TableEvent[] = deliveredTo(logged, actor);
          const recap = recapOf(visibleTo(emptyTable, actor), received);
          const seen = JSON.stringify(received);
          for (const name of namesIn(recap)) expect(seen).toContain(JSON.stringify(name));
          const dealt = recap.combatants.reduce((sum, one) => sum + one.dealt, 0);
          const struck = recap.combatants.reduce((sum, one) => sum + one.taken, 0);
          // Only a blow from out of sight is taken without being dealt.
          expect(struck).toBeGreaterThanOrEqual(dealt);
          if (actor.role !== 'player') expect(struck).toBe(dealt);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('an evening exported', () => {
  const { log } = runServer(
    [
      ...fight,
      {
        command: {
          type: 'chat.send',
          text: 'On *fuit* ?',
          speaker: { playerName: 'c-ana', senderId: 'c-ana', avatar: null },
        },
        actor: ana,
      },
    ],
    7,
  );
  const [evening] = eveningsOf(log.map(({ event }) => event));
  const markdownFor = (actor: TableActor) =>
    eveningMarkdown({
      evening: evening!,
      recap: recapFor(log, actor),
      notes: 'Ils ont fui.\nLe spectre rôde.',
      events: deliveredTo(log, actor),
      timeZone: 'Europe/Paris',
    });

  it('writes the MJ’s lines, the recap and the chat under French headings', () => {
    const markdown = markdownFor(mj);
    expect(markdown).toMatch(/^# Séance du jeudi 1 janvier 2026\n/);
    expect(markdown).toContain('## Notes du MJ\n\nIls ont fui.\nLe spectre rôde.');
    expect(markdown).toContain('## Résumé de la séance');
    expect(markdown).toContain('- Forêt\u00a0: 2 rounds, 2 tours, de 11:00 à 11:00 (le plus long)');
    expect(markdown).toContain('- **11:00** c-ana\u00a0: On \\*fuit\\* ?');
    expect(markdown).toContain('Spectre A');
  });

  it('gives a player the chat and the recap as they read them', () => {
    const markdown = markdownFor(ana);
    expect(markdown).not.toContain('Spectre');
    expect(markdown).toContain('Quelque chose vous frappe');
  });

  it('gives the events as the reader received them, named for the evening’s date', () => {
    const events = deliveredTo(log, ana);
    expect(JSON.parse(eveningJson(evening!, events))).toEqual({ evening, events });
    expect(eveningFileName(evening!, 'md', 'Europe/Paris')).toBe('seance-2026-01-01.md');
  });

  it('prints what was typed, not markup', () => {
    expect(markdownText('a|b [c](d) <e>\nf')).toBe('a\\|b \\[c\\](d) \\<e\\> f');
  });
});
