import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { macroMessages as m, type Macro } from '../../src/api/schemas/macros';
import { drivers, startTestServer, type RegisteredUser, type TestServer } from '../helpers/server';

const authRequired = 'Authentification requise';

describe.each(drivers)('macros (%s)', (driver) => {
  let t: TestServer;
  let owner: RegisteredUser;
  let other: RegisteredUser;

  beforeAll(async () => {
    t = await startTestServer({ driver });
    [owner, other] = await Promise.all([t.register(), t.register()]);
  });
  afterAll(() => t.close());

  const create = (user: RegisteredUser, body: Record<string, unknown>) =>
    t.api<Macro & { error?: string }>('POST', '/macro', body, user.token);
  const listOf = (user: RegisteredUser, userId = user.userId) =>
    t.api<Macro[] & { error?: string }>('GET', `/macro/user/${userId}`, undefined, user.token);

  it('creates, lists, updates and deletes one’s own macros, oldest first', async () => {
    const first = await create(owner, { title: 'Attaque', content: '/r 1d20+5', visible: true });
    expect(first).toMatchObject({
      status: 201,
      body: {
        id: expect.any(String),
        title: 'Attaque',
        content: '/r 1d20+5',
        visible: true,
        userId: owner.userId,
      },
    });
    const second = await create(owner, {
      title: '  Salut  ',
      content: 'Bonjour à tous',
      userId: owner.userId,
    });
    expect(second.body).toMatchObject({ title: 'Salut', visible: true });

    expect((await listOf(owner)).body.map((macro) => macro.title)).toEqual(['Attaque', 'Salut']);

    const updated = await t.api<Macro>(
      'PUT',
      `/macro/${first.body.id}`,
      { title: 'Frappe', content: '/r 2d6+3', visible: false },
      owner.token,
    );
    expect(updated).toMatchObject({
      status: 200,
      body: { id: first.body.id, title: 'Frappe', visible: false },
    });

    const deleted = await t.api('DELETE', `/macro/${first.body.id}`, undefined, owner.token);
    expect(deleted).toMatchObject({ status: 200, body: { message: m.deleted } });
    expect((await listOf(owner)).body.map((macro) => macro.title)).toEqual(['Salut']);
  });

  it.each([
    [{ content: 'x' }, m.titleRequired],
    [{ title: '   ', content: 'x' }, m.titleRequired],
    [{ title: 'x' }, m.contentRequired],
    [{ title: 'x', content: '' }, m.contentRequired],
    [{ title: 'x'.repeat(51), content: 'x' }, m.titleTooLong],
    [{ title: 'x', content: 'x'.repeat(251) }, m.contentTooLong],
  ])('refuses %j with a French 400 and stores nothing', async (body, error) => {
    expect(await create(other, body)).toMatchObject({ status: 400, body: { error } });
    const edited = await create(other, { title: 'ok', content: 'ok' });
    expect(await t.api('PUT', `/macro/${edited.body.id}`, body, other.token)).toMatchObject({
      status: 400,
      body: { error },
    });
    expect((await listOf(other)).body).toEqual([edited.body]);
    await t.api('DELETE', `/macro/${edited.body.id}`, undefined, other.token);
  });

  describe('only the owner', () => {
    let macro: Macro;
    beforeAll(async () => {
      macro = (await create(owner, { title: 'Secret', content: 'mon texte' })).body;
    });

    it('refuses another user’s list, and creating a macro for someone else', async () => {
      expect(await listOf(other, owner.userId)).toMatchObject({ status: 403, body: { error: m.notYours } });
      expect(await create(other, { title: 't', content: 'c', userId: owner.userId })).toMatchObject({
        status: 403,
        body: { error: m.notYours },
      });
    });

    it.each([
      ['PUT', { title: 'Volé', content: 'x' }],
      ['DELETE', undefined],
    ] as const)('answers %s of another user’s macro 403 and leaves it alone', async (method, body) => {
      expect(await t.api(method, `/macro/${macro.id}`, body, other.token)).toMatchObject({
        status: 403,
        body: { error: m.notYours },
      });
      expect((await listOf(owner)).body).toContainEqual(macro);
    });

    it.each([
      ['a missing macro', '00000000-0000-4000-8000-000000000000'],
      ['an id that is no uuid', 'pas-un-id'],
    ])('answers 404 for %s', async (_, id) => {
      for (const [method, body] of [
        ['PUT', { title: 't', content: 'c' }],
        ['DELETE', undefined],
      ] as const) {
        expect(await t.api(method, `/macro/${id}`, body, owner.token)).toMatchObject({
          status: 404,
          body: { error: m.notFound },
        });
      }
    });

    it('refuses anonymous callers on every route', async () => {
      for (const [method, path, body] of [
        ['GET', `/macro/user/${owner.userId}`, undefined],
        ['POST', '/macro', { title: 't', content: 'c' }],
        ['PUT', `/macro/${macro.id}`, { title: 't', content: 'c' }],
        ['DELETE', `/macro/${macro.id}`, undefined],
      ] as const) {
        expect(await t.api(method, path, body)).toMatchObject({ status: 401, body: { error: authRequired } });
      }
      expect((await listOf(owner)).body).toContainEqual(macro);
    });
  });
});
