import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterSheet, CharacterSummary } from '../../src/api/schemas/characters';
import { characterMessages as m } from '../../src/domain/character/messages';
import { keepersParty, validCharacterBody } from '../helpers/characters';
import { drivers, startTestServer, type RegisteredUser, type TestServer } from '../helpers/server';

const bucket = 'https://images.shatteredrealms.fr/';
const notYours = "Vous n'êtes pas autorisé à modifier ou consulter ce personnage.";
const notInGame = "Vous n'êtes pas autorisé à accéder à cette partie...";

describe.each(drivers)('characters (%s)', (driver) => {
  let t: TestServer;
  let owner: RegisteredUser;
  let mj: RegisteredUser;
  let teammate: RegisteredUser;
  let stranger: RegisteredUser;
  let gameId: string;

  beforeAll(async () => {
    t = await startTestServer({ driver });
    ({ owner, mj, teammate, stranger, gameId } = await keepersParty(t));
  });
  afterAll(() => t.close());

  const create = async (user: RegisteredUser, body: Record<string, unknown>) =>
    t.api<{ id: string; error?: string }>('POST', '/players', body, user.token);

  describe('POST /players', () => {
    it('creates a character outside any game, owned by the caller, with its derived stats', async () => {
      const response = await create(owner, {
        ...validCharacterBody('Solo'),
        assetLink: `${bucket}Player_Solo.png`,
      });
      expect(response).toMatchObject({ status: 201, body: { id: expect.any(String), message: m.created } });
      const sheet = await t.api<CharacterSheet>(
        'GET',
        `/players/${response.body.id}`,
        undefined,
        owner.token,
      );
      expect(sheet.body).toMatchObject({
        name: 'Solo',
        userId: owner.userId,
        gameId: null,
        HP: 36,
        soulEssence: 110,
        defense: 11,
        deplacement: 5,
        force: 17,
        autre: 10,
        soulCore: 0,
        divineGift: 1,
        credits: 0,
        forceWeapon: 2,
        aspect: 2,
        assetLink: `${bucket}Player_Solo.png`,
      });
      expect(sheet.body.skills).toMatchObject({ athletisme: 3, medecine: 1, volonte: 0 });
    });

    it('creates in a game for its members, the MJ included', async () => {
      expect((await create(owner, validCharacterBody('Membre', gameId))).status).toBe(201);
      expect((await create(mj, validCharacterBody('DuMJ', gameId))).status).toBe(201);
    });

    it('refuses a game the caller is not a member of, and a game that does not exist', async () => {
      expect(await create(stranger, validCharacterBody('Intrus', gameId))).toMatchObject({
        status: 403,
        body: { error: notInGame },
      });
      expect(await create(owner, validCharacterBody('Perdu', 'NOPE'))).toMatchObject({
        status: 404,
        body: { error: 'Partie non trouvée.' },
      });
    });

    it('refuses anonymous callers', async () => {
      expect((await t.api('POST', '/players', validCharacterBody())).status).toBe(401);
    });

    const valid = validCharacterBody();
    const forged: Array<[string, Record<string, unknown>, string]> = [
      ['no name', { ...valid, name: '   ' }, m.nameRequired],
      ['a name of 11 characters', { ...valid, name: 'Onzelettres' }, m.nameTooLong],
      ['unused boosts', { ...valid, aspect: 0 }, m.boostsUnused],
      ['a third boost', { ...valid, rune: 2 }, m.budgetOverspent],
      ['a boost worth 4', { ...valid, aspect: 4 }, m.boostValueInvalid],
      ['unused stat points', { ...valid, agilite: 11, deplacement: 4 }, m.statPointsUnused],
      ['overspent stat points', { ...valid, eloquence: 9 }, m.budgetOverspent],
      ['unused skill points', { ...valid, skills: { ...valid.skills, medecine: 0 } }, m.skillPointsUnused],
      ['overspent skill points', { ...valid, skills: { ...valid.skills, volonte: 1 } }, m.budgetOverspent],
      ['a stat above 20', { ...valid, force: 21 }, m.statOutOfRange],
      ['a stat below 4', { ...valid, instinct: 3 }, m.statOutOfRange],
      [
        'a skill above 3',
        { ...valid, skills: { ...valid.skills, athletisme: 4, medecine: 0 } },
        m.skillOutOfRange,
      ],
      [
        'a negative skill',
        { ...valid, skills: { ...valid.skills, volonte: -1, medecine: 2 } },
        m.skillOutOfRange,
      ],
      [
        'an unknown skill',
        { ...valid, skills: { ...valid.skills, charme: 1, medecine: 0 } },
        `${m.unknownSkill} charme`,
      ],
      ['inflated HP', { ...valid, HP: 99 }, m.derivedMismatch],
      ['inflated soul essence', { ...valid, soulEssence: 200 }, m.derivedMismatch],
      ['a wrong defense', { ...valid, defense: 13 }, m.derivedMismatch],
      ['a wrong movement', { ...valid, deplacement: 9 }, m.derivedMismatch],
      [
        'an image off the bucket',
        { ...valid, assetLink: 'https://ailleurs.fr/Player_Aria.png' },
        m.invalidImageLink,
      ],
      [
        'an image named after someone else',
        { ...valid, assetLink: `${bucket}Player_Bob.png` },
        m.invalidImageLink,
      ],
    ];

    it.each(forged)('refuses a sheet with %s', async (_, body, error) => {
      expect(await create(owner, body)).toMatchObject({ status: 400, body: { error } });
    });

    it('refuses fields the page never sends, and wrong types, in French', async () => {
      const soulCore = await create(owner, { ...valid, soulCore: 1000 });
      expect(soulCore.status).toBe(400);
      expect(soulCore.body.error).toMatch(/soulCore/);
      const text = await create(owner, { ...valid, force: 'beaucoup' });
      expect(text.status).toBe(400);
      expect(text.body.error).toMatch(/nombre|number/i);
      expect((await t.api('POST', '/players', '{"name":', owner.token)).status).toBe(400);
    });

    it('refuses an actor id in the body: the owner is always the token user', async () => {
      const response = await create(owner, { ...valid, userId: stranger.userId });
      expect(response.status).toBe(400);
    });
  });

  describe('reading characters', () => {
    let inGame: string;
    let teammateCharacter: string;
    let solo: string;

    beforeAll(async () => {
      inGame = (await create(owner, validCharacterBody('Lyra', gameId))).body.id;
      teammateCharacter = (await create(teammate, validCharacterBody('Brann', gameId))).body.id;
      solo = (await create(owner, validCharacterBody('Seule'))).body.id;
    });

    it('lists the caller’s own characters, sorted by name', async () => {
      const response = await t.api<CharacterSummary[]>('GET', '/players', undefined, owner.token);
      expect(response.status).toBe(200);
      const names = response.body.map((c) => c.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      expect(response.body.every((c) => c.userId === owner.userId)).toBe(true);
      expect(names).toEqual(expect.arrayContaining(['Lyra', 'Seule']));
    });

    it('with ids, answers only the characters the caller may see', async () => {
      const ids = [inGame, teammateCharacter, solo, 'pas-un-id'].join(',');
      const seen = async (user: RegisteredUser) =>
        (await t.api<CharacterSummary[]>('GET', `/players?ids=${ids}`, undefined, user.token)).body
          .map((c) => c.name)
          .sort();
      expect(await seen(owner)).toEqual(['Brann', 'Lyra', 'Seule']);
      expect(await seen(mj)).toEqual(['Brann', 'Lyra']);
      expect(await seen(teammate)).toEqual(['Brann', 'Lyra']);
      expect(await seen(stranger)).toEqual([]);
    });

    it('lists a game’s characters for its members only', async () => {
      const mine = await t.api<CharacterSummary[]>(
        'GET',
        `/players/game/${gameId}/characters`,
        undefined,
        teammate.token,
      );
      expect(mine.body.map((c) => c.name)).toEqual(['Brann']);
      const all = await t.api<CharacterSummary[]>(
        'GET',
        `/players/game/${gameId}/all-characters`,
        undefined,
        teammate.token,
      );
      expect(all.body.map((c) => c.name)).toEqual(expect.arrayContaining(['Brann', 'Lyra']));
      for (const path of ['characters', 'all-characters']) {
        expect(
          await t.api('GET', `/players/game/${gameId}/${path}`, undefined, stranger.token),
        ).toMatchObject({
          status: 403,
          body: { error: notInGame },
        });
        expect((await t.api('GET', `/players/game/${gameId}/${path}`)).status).toBe(401);
      }
    });

    it('shows a sheet in its game to its owner and the MJ only', async () => {
      const path = `/players/${inGame}/game/${gameId}`;
      const matrix: Array<[string, RegisteredUser | null, number]> = [
        ['owner', owner, 200],
        ['MJ', mj, 200],
        ['another player of the game', teammate, 403],
        ['a stranger', stranger, 403],
        ['anonymous', null, 401],
      ];
      for (const [, user, status] of matrix) {
        expect((await t.api('GET', path, undefined, user?.token)).status).toBe(status);
      }
      expect((await t.api<CharacterSheet>('GET', path, undefined, mj.token)).body.name).toBe('Lyra');
      expect(await t.api('GET', path, undefined, teammate.token)).toMatchObject({
        body: { error: notYours },
      });
    });

    it('answers 404 for a sheet that does not exist or is not in that game', async () => {
      expect(
        (await t.api('GET', `/players/${crypto.randomUUID()}/game/${gameId}`, undefined, owner.token)).status,
      ).toBe(404);
      expect((await t.api('GET', `/players/${solo}/game/${gameId}`, undefined, owner.token)).status).toBe(
        404,
      );
      expect((await t.api('GET', `/players/x/game/${gameId}`, undefined, owner.token)).status).toBe(404);
    });

    it('never tells a stranger whether a character exists', async () => {
      const existing = await t.api('GET', `/players/${solo}`, undefined, stranger.token);
      const missing = await t.api('GET', `/players/${crypto.randomUUID()}`, undefined, stranger.token);
      expect(existing).toMatchObject({ status: 404, body: missing.body });
      expect((await t.api('GET', `/players/${inGame}`, undefined, teammate.token)).status).toBe(403);
    });
  });

  describe('PUT /players/{id}', () => {
    let id: string;
    beforeAll(async () => {
      id = (await create(owner, validCharacterBody('Nyx', gameId))).body.id;
    });

    it('lets the owner and the MJ change the image, and the MJ alone set the soul core', async () => {
      const core = await t.api<CharacterSheet>('PUT', `/players/${id}`, { soulCore: 250 }, mj.token);
      expect(core).toMatchObject({ status: 200, body: { soulCore: 250, name: 'Nyx' } });
      expect(await t.api('PUT', `/players/${id}`, { soulCore: 999 }, owner.token)).toMatchObject({
        status: 403,
        body: { error: m.soulCoreMasterOnly },
      });
      const link = `${bucket}Player_Nyx.png`;
      const image = await t.api<CharacterSheet>('PUT', `/players/${id}`, { assetLink: link }, mj.token);
      expect(image).toMatchObject({ status: 200, body: { assetLink: link, soulCore: 250 } });
      const cleared = await t.api<CharacterSheet>('PUT', `/players/${id}`, { assetLink: '' }, owner.token);
      expect(cleared.body.assetLink).toBeNull();
    });

    it('refuses others: 403 within the game, 404 outside it', async () => {
      expect(await t.api('PUT', `/players/${id}`, { soulCore: 1 }, teammate.token)).toMatchObject({
        status: 403,
        body: { error: notYours },
      });
      expect((await t.api('PUT', `/players/${id}`, { soulCore: 1 }, stranger.token)).status).toBe(404);
      expect((await t.api('PUT', `/players/${id}`, { soulCore: 1 })).status).toBe(401);
    });

    it('keeps the soul core within 0–1000 and the image on the rule', async () => {
      for (const soulCore of [-1, 1001]) {
        expect(await t.api('PUT', `/players/${id}`, { soulCore }, owner.token)).toMatchObject({
          status: 400,
          body: { error: m.soulCoreOutOfRange },
        });
      }
      expect(
        await t.api(
          'PUT',
          `/players/${id}`,
          { assetLink: 'http://images.shatteredrealms.fr/Player_Nyx.png' },
          owner.token,
        ),
      ).toMatchObject({ status: 400, body: { error: m.invalidImageLink } });
      expect((await t.api('PUT', `/players/${id}`, {}, owner.token)).status).toBe(400);
      expect((await t.api('PUT', `/players/${id}`, { credits: 9999 }, owner.token)).status).toBe(400);
    });
  });

  it('gives the client the image bucket through the public GET /config', async () => {
    expect(await t.api('GET', '/config')).toMatchObject({ status: 200, body: { imageBucketUrl: bucket } });
  });
});
