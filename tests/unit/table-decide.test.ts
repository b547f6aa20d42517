import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide, type TableCommand } from '../../src/domain/table/decide';
import { MAX_TOKENS_PER_MAP, tableMessages } from '../../src/domain/table/messages';
import { applyEvents, emptyTable } from '../../src/domain/table/reducer';
import {
  HIDDEN_TURN,
  type TableActor,
  type TableEventBody,
  type TableState,
} from '../../src/domain/table/types';
import { projectEvent, visibleTo } from '../../src/domain/table/visibility';
import {
  actionEvents,
  admin,
  ana,
  bob,
  envOf,
  mapRef,
  mj,
  monsterDraft,
  playerDraft,
  runServer,
  speakerOf,
} from './table-fixtures';

/** The MJ shows everyone a map: tokens go only on open maps. */
const open = (name: string) => ({
  command: { type: 'map.select' as const, map: mapRef(name), bringPlayers: true },
  actor: mj,
});

/** A table with Ana's character, a dead wolf and a hidden lich on the Forêt map. */
function table(): TableState {
  return runServer([
    open('Forêt'),
    { command: { type: 'token.place', map: 'Forêt', token: playerDraft('c-ana') }, actor: ana },
    { command: { type: 'token.place', map: 'Forêt', token: monsterDraft('Loup') }, actor: mj },
    {
      command: { type: 'token.place', map: 'Forêt', token: monsterDraft('Liche', { visibility: false }) },
      actor: mj,
    },
    {
      command: {
        type: 'token.adjust',
        map: 'Forêt',
        usableId: 'token-2',
        resource: 'HP',
        direction: 'decrease',
        amount: 99,
      },
      actor: mj,
    },
  ]).state;
}
// Ids the env hands out: token-1 (Ana), token-2 (wolf, 0 HP), token-3 (hidden lich).
const anaToken = { map: 'Forêt', usableId: 'token-1' };
const wolf = { map: 'Forêt', usableId: 'token-2' };
const lich = { map: 'Forêt', usableId: 'token-3' };

function outcome(command: TableCommand, actor: TableActor, state = table()): string | TableEventBody[] {
  const decision = decide(state, command, actor, { ...envOf(), newUsableId: () => 'placed' });
  return 'refusal' in decision ? decision.refusal : actionEvents(decision.events);
}

const allowed = expect.any(Array);

describe('who may do what at the table (table.md §6)', () => {
  const cases: Array<[string, TableCommand, Record<'mj' | 'admin' | 'ana' | 'bob', unknown>]> = [
    [
      'move her own token',
      { type: 'token.move', ...anaToken, x: 5, y: 5 },
      { mj: allowed, admin: allowed, ana: allowed, bob: tableMessages.notYourToken },
    ],
    [
      'move a monster',
      { type: 'token.move', ...wolf, x: 5, y: 5 },
      { mj: allowed, admin: allowed, ana: tableMessages.notYourToken, bob: tableMessages.notYourToken },
    ],
    [
      'move a hidden monster',
      { type: 'token.move', ...lich, x: 5, y: 5 },
      { mj: allowed, admin: allowed, ana: tableMessages.tokenNotFound, bob: tableMessages.tokenNotFound },
    ],
    [
      'delete her own token',
      { type: 'token.remove', ...anaToken },
      { mj: allowed, admin: allowed, ana: allowed, bob: tableMessages.notYourToken },
    ],
    [
      'adjust her own HP',
      { type: 'token.adjust', ...anaToken, resource: 'HP', direction: 'decrease', amount: 3 },
      { mj: allowed, admin: allowed, ana: allowed, bob: tableMessages.notYourToken },
    ],
    [
      'hide a token',
      { type: 'token.toggleVisibility', ...wolf },
      {
        mj: allowed,
        admin: allowed,
        ana: tableMessages.onlyMasterTokens,
        bob: tableMessages.onlyMasterTokens,
      },
    ],
    [
      'place a monster',
      { type: 'token.place', map: 'Forêt', token: monsterDraft('Gobelin') },
      {
        mj: allowed,
        admin: allowed,
        ana: tableMessages.onlyOwnCharacter,
        bob: tableMessages.onlyOwnCharacter,
      },
    ],
    [
      "place Bob's character",
      { type: 'token.place', map: 'Forêt', token: playerDraft('c-bob') },
      { mj: allowed, admin: allowed, ana: tableMessages.onlyOwnCharacter, bob: allowed },
    ],
    [
      'select a map',
      { type: 'map.select', map: mapRef('Crypte'), bringPlayers: true },
      { mj: allowed, admin: allowed, ana: tableMessages.onlyMasterMap, bob: tableMessages.onlyMasterMap },
    ],
    [
      'clear the map',
      { type: 'map.clear' },
      { mj: allowed, admin: allowed, ana: tableMessages.onlyMasterMap, bob: tableMessages.onlyMasterMap },
    ],
    [
      'generate the turn order',
      { type: 'turnOrder.generate', map: 'Forêt' },
      {
        mj: allowed,
        admin: allowed,
        ana: tableMessages.onlyMasterTurnOrder,
        bob: tableMessages.onlyMasterTurnOrder,
      },
    ],
    [
      'start a new combat',
      { type: 'turnOrder.newCombat', map: 'Forêt' },
      {
        mj: allowed,
        admin: allowed,
        ana: tableMessages.onlyMasterTurnOrder,
        bob: tableMessages.onlyMasterTurnOrder,
      },
    ],
  ];

  describe.each(cases)('%s', (_title, command, expected) => {
    it.each([
      ['mj', mj],
      ['admin', admin],
      ['ana', ana],
      ['bob', bob],
    ] as const)('as %s', (name, actor) => {
      expect(outcome(command, actor)).toEqual(expected[name]);
    });
  });

  it('tells a player a hidden token does not exist, whatever they try on it', () => {
    const tries: TableCommand[] = [
      { type: 'token.remove', ...lich },
      { type: 'token.toggleVisibility', ...lich },
      { type: 'token.adjust', ...lich, resource: 'HP', direction: 'increase', amount: 1 },
    ];
    for (const command of tries) expect(outcome(command, bob)).toBe(tableMessages.tokenNotFound);
  });
});

describe('tokens', () => {
  it('clamps a drop so the whole token stays on the map (1500 × 1000: 95 % across, 92.5 % down)', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), fc.double({ noNaN: true }), (x, y) => {
        const [event] = outcome({ type: 'token.move', ...anaToken, x, y }, ana) as TableEventBody[];
        const { x: stored, y: storedY } = (event as Extract<TableEventBody, { type: 'token.moved' }>).payload;
        expect(stored).toBe(Math.min(95, Math.max(0, x)));
        expect(storedY).toBe(Math.min(92.5, Math.max(0, y)));
      }),
    );
  });

  it('clamps HP and essence adjustments to 0..max and refuses negative or fractional amounts', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('HP' as const, 'soulEssence' as const),
        fc.constantFrom('decrease' as const, 'increase' as const),
        fc.integer({ min: 0, max: 1000 }),
        (resource, direction, amount) => {
          const [event] = outcome(
            { type: 'token.adjust', ...anaToken, resource, direction, amount },
            ana,
          ) as TableEventBody[];
          const max = resource === 'HP' ? 30 : 100;
          const expected = Math.min(max, Math.max(0, max + (direction === 'increase' ? amount : -amount)));
          expect(event).toEqual({
            type: 'token.adjusted',
            payload: { ...anaToken, resource, value: expected },
          });
        },
      ),
    );
    for (const amount of [-1, 1.5, Number.NaN]) {
      expect(
        outcome({ type: 'token.adjust', ...anaToken, resource: 'HP', direction: 'increase', amount }, ana),
      ).toBe(tableMessages.invalidAmount);
    }
    expect(
      outcome(
        { type: 'token.adjust', ...wolf, resource: 'soulEssence', direction: 'increase', amount: 1 },
        mj,
      ),
    ).toBe(tableMessages.noSoulEssence);
  });

  it("posts 'Vous avez tué un {name}.' when a monster at 0 HP is deleted", () => {
    expect(outcome({ type: 'token.remove', ...wolf }, mj)).toEqual([
      { type: 'token.removed', payload: wolf },
      {
        type: 'chat.system',
        payload: expect.objectContaining({ message: 'Vous avez tué un Loup 1.', type: 'system' }),
      },
    ]);
    expect(outcome({ type: 'token.remove', ...lich }, mj)).toEqual([
      { type: 'token.removed', payload: lich },
    ]);
  });

  it('places a character once per map, out of the turn order, at full health, always in sight', () => {
    expect(outcome({ type: 'token.place', map: 'Forêt', token: playerDraft('c-ana') }, ana)).toBe(
      tableMessages.alreadyOnMap,
    );
    const crypt = runServer([open('Crypte')]).state;
    const [placed] = outcome(
      {
        type: 'token.place',
        map: 'Crypte',
        token: playerDraft('c-ana', { x: 120, y: -4, visibility: false }),
      },
      ana,
      crypt,
    ) as TableEventBody[];
    expect(placed).toMatchObject({
      type: 'token.placed',
      payload: {
        token: { x: 95, y: 0, currentHP: 30, currentSoulEssence: 100, inTurnOrder: false, visibility: true },
      },
    });
    expect(
      outcome(
        { type: 'token.place', map: 'Crypte', token: playerDraft('c-ana', { soulEssence: null }) },
        ana,
        crypt,
      ),
    ).toBe(tableMessages.invalidToken);
    expect(
      outcome({ type: 'token.place', map: 'Crypte', token: monsterDraft('Orc', { HP: -1 }) }, mj, crypt),
    ).toBe(tableMessages.invalidToken);
  });

  it('places tokens only on an open map, the players only on theirs', () => {
    expect(outcome({ type: 'token.place', map: 'Crypte', token: monsterDraft('Orc') }, mj)).toBe(
      tableMessages.mapNotOpen,
    );
    const preparing = runServer([
      open('Forêt'),
      { command: { type: 'map.select', map: mapRef('Crypte'), bringPlayers: false }, actor: mj },
    ]).state;
    expect(
      outcome({ type: 'token.place', map: 'Crypte', token: monsterDraft('Orc') }, mj, preparing),
    ).toEqual(allowed);
    expect(outcome({ type: 'token.place', map: 'Crypte', token: playerDraft('c-ana') }, ana, preparing)).toBe(
      tableMessages.mapNotOpen,
    );
    for (const name of ['__proto__', 'constructor', 'toString']) {
      expect(outcome({ type: 'token.place', map: name, token: monsterDraft('Orc') }, mj)).toBe(
        tableMessages.mapNotOpen,
      );
      expect(outcome({ type: 'turnOrder.newCombat', map: name }, mj)).toBe(tableMessages.mapNotOpen);
      expect(outcome({ type: 'token.move', map: name, usableId: 'name', x: 1, y: 1 }, mj)).toBe(
        tableMessages.tokenNotFound,
      );
    }
  });

  it('numbers monsters of one name from 1 (Gobelin 1, Gobelin 2, Gobelin 3) and keeps a map to 500 tokens', () => {
    const goblins = runServer([
      open('Forêt'),
      ...Array.from({ length: 3 }, () => ({
        command: { type: 'token.place' as const, map: 'Forêt', token: monsterDraft('Gobelin') },
        actor: mj,
      })),
    ]).state;
    expect(Object.values(goblins.tokens['Forêt']!).map((token) => token.name)).toEqual([
      'Gobelin 1',
      'Gobelin 2',
      'Gobelin 3',
    ]);
    // A freed number is given again, so a new goblin never reads as a fourth when two are left.
    const afterLoss = runServer([
      open('Forêt'),
      { command: { type: 'token.place', map: 'Forêt', token: monsterDraft('Gobelin') }, actor: mj },
      { command: { type: 'token.place', map: 'Forêt', token: monsterDraft('Gobelin') }, actor: mj },
      { command: { type: 'token.remove', map: 'Forêt', usableId: 'token-1' }, actor: mj },
      { command: { type: 'token.place', map: 'Forêt', token: monsterDraft('Gobelin') }, actor: mj },
    ]).state;
    expect(Object.values(afterLoss.tokens['Forêt']!).map((token) => token.name)).toEqual([
      'Gobelin 2',
      'Gobelin 1',
    ]);
    const full = runServer([
      open('Forêt'),
      ...Array.from({ length: MAX_TOKENS_PER_MAP }, () => ({
        command: { type: 'token.place' as const, map: 'Forêt', token: monsterDraft('Rat') },
        actor: mj,
      })),
    ]);
    expect(full.refusals).toEqual([]);
    expect(outcome({ type: 'token.place', map: 'Forêt', token: monsterDraft('Rat') }, mj, full.state)).toBe(
      tableMessages.mapFull,
    );
  });
});

describe('a turn that belongs to someone hidden', () => {
  const place = [
    open('Forêt'),
    { command: { type: 'token.place', map: 'Forêt', token: playerDraft('c-ana') }, actor: ana },
    { command: { type: 'token.place', map: 'Forêt', token: monsterDraft('Loup') }, actor: mj },
    {
      command: { type: 'token.place', map: 'Forêt', token: monsterDraft('Liche', { visibility: false }) },
      actor: mj,
    },
    { command: { type: 'turnOrder.generate', map: 'Forêt' }, actor: mj },
  ] satisfies Parameters<typeof runServer>[0];
  const reorder = (order: string[]) => ({
    command: { type: 'turnOrder.reorder' as const, map: 'Forêt', order },
    actor: mj,
  });
  const byMj = (command: TableCommand) => ({ command, actor: mj });

  /** Ana's order on the Forêt map after each step, and her copy folded from what she received. */
  function seenByAna(steps: Parameters<typeof runServer>[0][]) {
    const orders: string[][] = [];
    let commands: Parameters<typeof runServer>[0] = [...place];
    for (const step of steps) {
      commands = [...commands, ...step];
      const { state, log, refusals } = runServer(commands);
      expect(refusals).toEqual([]);
      const received = log.map(({ event, before, after }) => projectEvent(event, before, after, ana));
      const folded = applyEvents(emptyTable, received);
      expect(folded.rejected).toEqual([]);
      expect(folded.state).toEqual(visibleTo(state, ana));
      orders.push(folded.state.turnOrders['Forêt'] ?? []);
    }
    return orders;
  }

  it('reads as HIDDEN_TURN for a player, never as someone they see, whatever changes the order', () => {
    const lichFirst = reorder(['token-3', 'token-1', 'token-2']);
    expect(
      seenByAna([
        [lichFirst],
        [byMj({ type: 'turnOrder.next', map: 'Forêt' })],
        // The one playing leaves the map and the hidden lich is next.
        [reorder(['token-1', 'token-3', 'token-2']), byMj({ type: 'token.remove', ...anaToken })],
      ]),
    ).toEqual([
      [HIDDEN_TURN, 'token-1', 'token-2'],
      ['token-1', 'token-2'],
      [HIDDEN_TURN, 'token-2'],
    ]);
    expect(
      seenByAna([
        [lichFirst],
        // The hidden one playing leaves: Ana is first again.
        [byMj({ type: 'token.remove', ...lich })],
        // The wolf is hidden while it plays, then shown again.
        [reorder(['token-2', 'token-1']), byMj({ type: 'token.toggleVisibility', ...wolf })],
        [byMj({ type: 'token.toggleVisibility', ...wolf })],
      ]),
    ).toEqual([
      [HIDDEN_TURN, 'token-1', 'token-2'],
      ['token-1', 'token-2'],
      [HIDDEN_TURN, 'token-1'],
      ['token-2', 'token-1'],
    ]);
  });

  it('leaves a combat of hidden participants only unknown', () => {
    expect(
      seenByAna([
        [byMj({ type: 'token.remove', ...anaToken }), byMj({ type: 'token.toggleVisibility', ...wolf })],
      ]),
    ).toEqual([[]]);
  });
});

describe('what a player receives', () => {
  it('never carries a hidden token or the map the MJ prepares alone', () => {
    const { state, log } = runServer([
      open('Forêt'),
      {
        command: { type: 'token.place', map: 'Forêt', token: monsterDraft('Liche', { visibility: false }) },
        actor: mj,
      },
      { command: { type: 'token.move', map: 'Forêt', usableId: 'token-1', x: 40, y: 40 }, actor: mj },
      { command: { type: 'turnOrder.generate', map: 'Forêt' }, actor: mj },
      { command: { type: 'map.select', map: mapRef('Crypte'), bringPlayers: false }, actor: mj },
    ]);
    const received = log.map(({ event, before, after }) => projectEvent(event, before, after, bob));
    expect(JSON.stringify(received)).not.toContain('Liche');
    expect(JSON.stringify(received)).not.toContain('token-1');
    expect(JSON.stringify(received)).not.toContain('Crypte');
    // The MJ's history (after the placement and « Générer ») reaches them redacted; the move's
    // entry, which rode on the hidden token's move, not at all.
    expect(received.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(JSON.stringify(received)).not.toContain('recorded');
    const forest = mapRef('Forêt');
    // The round of a fight they see nobody in is all they hold of it (decision 0020).
    expect(visibleTo(state, bob)).toEqual({
      ...emptyTable,
      lastSeq: 10,
      currentMap: forest,
      masterMap: forest,
      rounds: { Forêt: { round: 1 } },
    });
    expect(visibleTo(state, mj)).toBe(state);
  });

  it('shows a token the MJ reveals with its place in the turn order, and takes it back when hidden', () => {
    const { log } = runServer([
      open('Forêt'),
      {
        command: { type: 'token.place', map: 'Forêt', token: monsterDraft('Liche', { visibility: false }) },
        actor: mj,
      },
      { command: { type: 'turnOrder.toggle', map: 'Forêt', usableId: 'token-1' }, actor: mj },
      { command: { type: 'token.toggleVisibility', map: 'Forêt', usableId: 'token-1' }, actor: mj },
      { command: { type: 'token.toggleVisibility', map: 'Forêt', usableId: 'token-1' }, actor: mj },
    ]);
    const received = log.map(({ event, before, after }) => projectEvent(event, before, after, bob));
    // Each change of side renames the monster, which the managers' chat alone is told of.
    // The MJ's history after each change reaches them redacted.
    expect(received.map((event) => event.type)).toEqual([
      'map.shown',
      'redacted',
      'redacted',
      'turnOrder.reordered',
      'redacted',
      'token.visibilityChanged',
      'redacted',
      'redacted',
      'token.concealed',
      'redacted',
      'redacted',
    ]);
    expect(received[5]).toMatchObject({ payload: { order: ['token-1'], token: { name: 'Liche 1' } } });
  });

  it('lets a player see their own hidden token', () => {
    const { state } = runServer([
      open('Forêt'),
      {
        command: { type: 'token.place', map: 'Forêt', token: playerDraft('c-ana', { visibility: false }) },
        actor: mj,
      },
    ]);
    expect(Object.keys(visibleTo(state, ana).tokens['Forêt'] ?? {})).toEqual(['token-1']);
    expect(visibleTo(state, bob).tokens).toEqual({});
  });
});

describe('turn order commands', () => {
  it('generates with everyone on the map, also the tokens placed after an earlier order', () => {
    const { state, refusals } = runServer([
      open('Forêt'),
      { command: { type: 'token.place', map: 'Forêt', token: monsterDraft('A') }, actor: mj },
      { command: { type: 'turnOrder.generate', map: 'Forêt' }, actor: mj },
      { command: { type: 'token.place', map: 'Forêt', token: monsterDraft('B') }, actor: mj },
      { command: { type: 'token.place', map: 'Forêt', token: playerDraft('c-ana') }, actor: ana },
      { command: { type: 'turnOrder.generate', map: 'Forêt' }, actor: mj },
    ]);
    expect(refusals).toEqual([]);
    expect([...state.turnOrders['Forêt']!].sort()).toEqual(['token-1', 'token-2', 'token-3']);
    expect(Object.values(state.tokens['Forêt']!).every((token) => token.inTurnOrder)).toBe(true);
  });

  it('generates with everyone on the map; advances and reorders', () => {
    const env = envOf();
    const state = table();
    const generated = decide(state, { type: 'turnOrder.generate', map: 'Forêt' }, mj, env);
    // The dead wolf rolls no initiative: Ana and the lich do (tests/unit/table-initiative.test.ts).
    expect(generated).toMatchObject({
      events: [
        { type: 'dice.rolled' },
        { type: 'dice.rolled' },
        { type: 'turnOrder.generated' },
        { type: 'chat.system', payload: { message: 'Round 1' } },
        { type: 'chat.system', payload: { message: expect.stringMatching(/^C’est au tour/) } },
        { type: 'history.recorded', payload: { entry: { patch: null } } },
      ],
    });
    const order =
      'events' in generated ? (generated.events[2] as { payload: { order: string[] } }).payload.order : [];
    expect([...order].sort()).toEqual(['token-1', 'token-3']);

    const running = runServer([
      open('Forêt'),
      { command: { type: 'token.place', map: 'Forêt', token: monsterDraft('A') }, actor: mj },
      { command: { type: 'token.place', map: 'Forêt', token: monsterDraft('B') }, actor: mj },
      { command: { type: 'turnOrder.toggle', map: 'Forêt', usableId: 'token-2' }, actor: mj },
      { command: { type: 'turnOrder.toggle', map: 'Forêt', usableId: 'token-1' }, actor: mj },
      { command: { type: 'turnOrder.generate', map: 'Forêt' }, actor: mj },
      { command: { type: 'turnOrder.next', map: 'Forêt' }, actor: mj },
    ]).state;
    expect(running.turnOrders['Forêt']).toHaveLength(2);
    const current = running.turnOrders['Forêt']!;
    expect(
      outcome({ type: 'turnOrder.reorder', map: 'Forêt', order: [...current].reverse() }, mj, running),
    ).toEqual([{ type: 'turnOrder.reordered', payload: { map: 'Forêt', order: [...current].reverse() } }]);
    expect(outcome({ type: 'turnOrder.reorder', map: 'Forêt', order: [current[0]!] }, mj, running)).toBe(
      tableMessages.invalidTurnOrder,
    );
    const crypt = runServer([open('Crypte')]).state;
    expect(outcome({ type: 'turnOrder.next', map: 'Crypte' }, mj, crypt)).toBe(tableMessages.noCombat);
    expect(outcome({ type: 'turnOrder.generate', map: 'Crypte' }, mj, crypt)).toBe(
      tableMessages.noTokenOnMap,
    );
    expect(outcome({ type: 'turnOrder.toggle', map: 'Forêt', usableId: 'ghost' }, mj, running)).toBe(
      tableMessages.tokenNotFound,
    );
  });
});

describe('chat and dice', () => {
  const say = (text: string, actor: TableActor, speaker = speakerOf(actor)) =>
    outcome({ type: 'chat.send', text, speaker }, actor);

  it('posts a normal message under the speaker and the acting user', () => {
    expect(say('Bonjour !', ana)).toEqual([
      {
        type: 'chat.posted',
        payload: {
          playerName: 'c-ana',
          senderId: 'c-ana',
          avatar: null,
          senderUserId: 'u-ana',
          message: 'Bonjour !',
          type: 'normal',
        },
      },
    ]);
  });

  it('refuses a player who speaks as nobody or as someone else, blank text and text over 250 characters', () => {
    expect(say('Salut', ana, { playerName: 'x', senderId: null, avatar: null })).toBe(
      "Impossible d'envoyer le message : joueur non identifié !",
    );
    expect(say('Salut', ana, speakerOf(bob))).toBe(tableMessages.playerUnidentified);
    expect(say('   ', mj)).toBe(tableMessages.emptyMessage);
    expect(say('a'.repeat(251), mj)).toBe(tableMessages.messageTooLong);
    expect(say('a'.repeat(250), mj)).toEqual(allowed);
  });

  it('rolls /r on the server, and /ar as a damage roll named for the technique', () => {
    const [rolled] = say('/r 2d6+3', ana) as TableEventBody[];
    expect(rolled).toMatchObject({
      type: 'dice.rolled',
      payload: { type: 'diceRoll', roll: { count: 2, sides: 6, bonus: 3 } },
    });
    const [attack] = say('/ar 1d10+5 Coup puissant (FOR)', ana) as TableEventBody[];
    expect(attack).toMatchObject({
      type: 'dice.rolled',
      payload: {
        type: 'damageRoll',
        message: expect.stringMatching(/^Coup puissant \(FOR\) — 1d10\+5 : \[\d+\] \+5 = \d+$/),
      },
    });
    expect(say('/danse', ana)).toBe(
      "Commande invalide... Formats acceptés : /r XdY±Z (ou /roll XdY±Z), /rs XdY±Z (jet secret), /ra XdY±Z (jet à l’aveugle), /ar XdY+Z technique (type d'arme) et /w Nom message (murmure)",
    );
  });

  it('rolls the dice form and refuses dice the table does not have', () => {
    const speaker = speakerOf(mj);
    expect(
      outcome({ type: 'dice.roll', dice: { count: 3, sides: 8, bonus: -1 }, speaker }, mj),
    ).toMatchObject([{ type: 'dice.rolled', payload: { roll: { count: 3, sides: 8, bonus: -1 } } }]);
    expect(
      outcome(
        { type: 'dice.roll', dice: { count: 1, sides: 20, bonus: 2 }, label: 'Athlétisme', speaker },
        mj,
      ),
    ).toMatchObject([
      {
        type: 'dice.rolled',
        payload: {
          label: 'Athlétisme',
          message: expect.stringMatching(/^1d20\+2 : /),
          type: expect.stringMatching(/^diceRoll/),
        },
      },
    ]);
    expect(outcome({ type: 'dice.roll', dice: { count: 3, sides: 7, bonus: 0 }, speaker }, mj)).toBe(
      tableMessages.invalidRoll,
    );
    expect(
      outcome({ type: 'dice.roll', dice: { count: 1, sides: 20, bonus: 0 }, speaker: speakerOf(bob) }, ana),
    ).toBe(tableMessages.playerUnidentified);
  });
});
