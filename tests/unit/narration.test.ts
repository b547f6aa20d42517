import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { narrate, spokenRoll } from '../../src/domain/table/narration';
import { applyEvent, emptyTable } from '../../src/domain/table/reducer';
import { columnName, tokenRoll, tokenSpoken } from '../../src/domain/table/spoken';
import { DEFAULT_GRID } from '../../src/domain/geometry/grid';
import type { TableActor, TableState } from '../../src/domain/table/types';
import { visibleTo } from '../../src/domain/table/visibility';
import {
  ana,
  bob,
  deliveredTo,
  goblinToken,
  mapRef,
  mj,
  monsterDraft,
  playerDraft,
  preparedSession,
  runServer,
  speakerOf,
  type Logged,
} from './table-fixtures';

type Step = Parameters<typeof runServer>[0][number];

const forest = mapRef('Forêt');
/** 75 px cells on a 1500 px wide map: one cell is 5 % across, 7.5 % down. */
const at = (column: number, row: number) => ({ x: column * 5, y: row * 7.5 });

/** What each event said to an actor, folded on their own copy as their client folds it. */
function heardBy(log: readonly Logged[], actor: TableActor) {
  let copy: TableState = visibleTo(emptyTable, actor);
  return deliveredTo(log, actor).map((event) => {
    const before = copy;
    copy = applyEvent(copy, event).state;
    return { event, before, after: copy, said: narrate(event, before, copy, actor) };
  });
}

const recipients = [
  { name: 'c-ana', characterId: 'c-ana' },
  { name: 'c-bob', characterId: 'c-bob' },
];

const brought: Step[] = [
  { command: { type: 'map.select', map: forest, bringPlayers: true }, actor: mj },
  { command: { type: 'token.place', map: 'Forêt', token: playerDraft('c-ana', at(2, 3)) }, actor: mj },
  { command: { type: 'token.place', map: 'Forêt', token: monsterDraft('Gobelin', at(4, 3)) }, actor: mj },
];

describe('a cell’s name', () => {
  it('counts columns as a spreadsheet does and rows from 1', () => {
    expect([0, 1, 25, 26, 27, 52].map(columnName)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'BA']);
    expect(tokenSpoken(goblinToken({ ...at(3, 4) }), forest, DEFAULT_GRID)).toBe(
      'Gobelin 1, en D5, 12 PV sur 12',
    );
  });

  it('says a monster’s band to a player, and its conditions', () => {
    const token = goblinToken({
      ...at(2, 3),
      HP: null,
      currentHP: null,
      health: 'badlyWounded',
      conditions: [{ id: 'k1', kind: 'prone', roundsLeft: null }],
    });
    expect(tokenSpoken(token, forest, DEFAULT_GRID)).toBe('Gobelin 1, en C4, gravement blessé, à terre');
  });
});

describe('the narration', () => {
  it('says a move, a roll, a blow and a turn to the players, in French', () => {
    const { log } = runServer([
      ...brought,
      { command: { type: 'token.move', map: 'Forêt', usableId: 'token-2', ...at(3, 4) }, actor: mj },
      {
        command: {
          type: 'token.adjust',
          map: 'Forêt',
          usableId: 'token-1',
          resource: 'HP',
          direction: 'decrease',
          amount: 5,
        },
        actor: mj,
      },
      {
        command: {
          type: 'token.adjust',
          map: 'Forêt',
          usableId: 'token-2',
          resource: 'HP',
          direction: 'decrease',
          amount: 30,
        },
        actor: mj,
      },
      { command: { type: 'turnOrder.generate', map: 'Forêt' }, actor: mj },
    ]);
    const said = heardBy(log, ana).flatMap(({ said }) => (said ? [said] : []));
    expect(said).toContain('Gobelin 1 avance en D5.');
    expect(said).toContain('c-ana perd 5 PV\u00a0: 25 PV sur 30.');
    expect(said).toContain('Gobelin 1 est mort.');
    expect(said.some((line) => /^C’est au tour d/.test(line))).toBe(true);
    expect(said.some((line) => /^c-ana\u00a0: Initiative — 1d20/.test(line))).toBe(true);
  });

  it('says nothing of one’s own moves, nor of a map one does not look at', () => {
    const { log } = runServer([
      ...brought,
      { command: { type: 'token.move', map: 'Forêt', usableId: 'token-1', ...at(2, 4) }, actor: ana },
      { command: { type: 'map.select', map: mapRef('Crypte'), bringPlayers: false }, actor: mj },
      { command: { type: 'token.place', map: 'Crypte', token: monsterDraft('Liche', at(1, 1)) }, actor: mj },
    ]);
    const said = heardBy(log, ana).map(({ said }) => said);
    expect(said.filter((line) => line?.includes('Liche'))).toEqual([]);
    expect(said.filter((line) => line?.startsWith('c-ana avance'))).toEqual([]);
  });

  it('says someone else’s line and whom a whisper was for, never one’s own line', () => {
    const { log } = runServer([
      ...brought,
      { command: { type: 'chat.send', text: 'À l’attaque', speaker: speakerOf(bob) }, actor: bob },
      {
        command: { type: 'chat.send', text: '/w c-ana Par ici', speaker: speakerOf(bob), recipients },
        actor: bob,
      },
      { command: { type: 'chat.send', text: 'Moi', speaker: speakerOf(ana) }, actor: ana },
    ]);
    const said = heardBy(log, ana).flatMap(({ said }) => (said ? [said] : []));
    expect(said.slice(-2)).toEqual(['c-bob\u00a0: À l’attaque', 'c-bob, en murmure à c-ana\u00a0: Par ici']);
  });

  it('says a roll without each die, its label first', () => {
    expect(spokenRoll({ message: '1d20+3 : [15] +3 = 18 · CA 12 : touché' })).toBe(
      '1d20+3 = 18 · CA 12 : touché',
    );
    expect(spokenRoll({ message: '2d6 : [3, 4] = 7', label: 'Discrétion' })).toBe('Discrétion — 2d6 = 7');
  });

  it('never says a redacted or concealed event, nor names a monster the copy never held', () => {
    fc.assert(
      fc.property(preparedSession, (steps) => {
        const { log } = runServer(steps);
        // Characters are the party's and speak in the chat under their names: monsters are the secrets.
        const everyName = new Set(
          log
            .flatMap(({ after }) => Object.values(after.tokens).flatMap((tokens) => Object.values(tokens)))
            .flatMap((token) => (token.isPlayer ? [] : [token.name])),
        );
        for (const { event, before, after, said } of heardBy(log, ana)) {
          if (event.type === 'redacted' || event.type === 'token.concealed') expect(said).toBeNull();
          if (said === null) continue;
          const held = new Set(
            [before, after].flatMap((copy) =>
              Object.values(copy.tokens).flatMap((tokens) =>
                Object.values(tokens).map((token) => token.name),
              ),
            ),
          );
          for (const name of everyName)
            if (said.includes(name)) expect(held, `${said} (${event.type})`).toContain(name);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('the list of tokens', () => {
  it('reads the map row by row with the cells from one’s own token', () => {
    const { state } = runServer([
      ...brought,
      { command: { type: 'token.place', map: 'Forêt', token: monsterDraft('Loup', at(2, 0)) }, actor: mj },
    ]);
    const roll = tokenRoll(visibleTo(state, ana), forest, ana.characterIds);
    expect(roll.map(({ spoken, away, mine }) => [spoken, away, mine])).toEqual([
      ['Loup 1, en C1, indemne', 3, false],
      ['c-ana, en C4, 30 PV sur 30', null, true],
      ['Gobelin 1, en E4, indemne', 2, false],
    ]);
  });
});
