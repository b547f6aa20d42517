import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable } from 'xstate';
import type { HandoutLibrary, HandoutView } from '../../src/api/schemas/handouts';
import {
  audienceOf,
  handoutLibraryMachine,
  type UploadFact,
} from '../../src/machines/handout-library.machine';
import { pendingCalls } from '../helpers/fake-effects';
import { settle, type Pending } from '../helpers/machine-model';

const players = [
  { userId: 'u-1', displayName: 'Aelis' },
  { userId: 'u-2', displayName: 'Borin' },
];
const letter: HandoutView = {
  id: 'h-1',
  gameId: 'g-1',
  title: 'Lettre du baron',
  text: 'Le pont est tombé.',
  fileId: null,
  createdAt: '2026-11-29T10:00:00.000Z',
  recipients: [],
};

/** The MJ's library with its calls faked: each waits for the test. */
async function libraryAtTable(library: HandoutLibrary = { handouts: [letter], players }) {
  const loads: Array<Pending<HandoutLibrary>> = [];
  const creations: Array<Pending<HandoutView>> = [];
  const showings: Array<Pending<HandoutView>> = [];
  const takings: Array<Pending<HandoutView>> = [];
  const deletions: Array<Pending<void>> = [];
  const uploads: Array<{ input: unknown; facts: Subject<UploadFact> }> = [];
  const actor = createActor(
    handoutLibraryMachine.provide({
      actors: {
        'load library': pendingCalls(loads),
        'create handout': pendingCalls(creations),
        'show handout': pendingCalls(showings),
        'take handout back': pendingCalls(takings),
        'delete handout': pendingCalls(deletions),
        'upload picture': fromEventObservable(({ input }) => {
          const facts = new Subject<UploadFact>();
          uploads.push({ input, facts });
          return facts;
        }),
      },
    }),
    { input: { gameId: 'g-1' } },
  ).start();
  loads[0]!.resolve(library);
  await settle();
  return { actor, creations, showings, takings, deletions, uploads };
}

describe('handout library', () => {
  it('refuses a draft without a title or a text, then creates a letter and clears the form', async () => {
    const { actor, creations } = await libraryAtTable();
    expect(actor.getSnapshot().matches({ library: 'ready' })).toBe(true);
    actor.send({ type: 'draft.submit' });
    expect(actor.getSnapshot().context.error).toBe('Donnez un titre au document.');
    actor.send({ type: 'draft.change', title: ' Carte ' });
    actor.send({ type: 'draft.submit' });
    expect(actor.getSnapshot().context.error).toBe('Écrivez le texte du document.');
    actor.send({ type: 'draft.change', text: 'Au nord du gué.' });
    actor.send({ type: 'draft.submit' });
    expect(actor.getSnapshot().matches({ library: { saving: 'creating' } })).toBe(true);
    expect(creations[0]!.input).toEqual({ gameId: 'g-1', body: { title: 'Carte', text: 'Au nord du gué.' } });
    creations[0]!.resolve({ ...letter, id: 'h-2', title: 'Carte' });
    await settle();
    expect(actor.getSnapshot().context.handouts.map((handout) => handout.id)).toEqual(['h-2', 'h-1']);
    expect(actor.getSnapshot().context.draft).toEqual({ title: '', kind: 'text', text: '', picture: null });
  });

  it('uploads a picture with its progress, then names the stored file', async () => {
    const { actor, uploads, creations } = await libraryAtTable();
    const picture = new Blob(['png']);
    actor.send({ type: 'draft.change', title: 'Portrait', kind: 'picture' });
    actor.send({ type: 'draft.submit' });
    expect(actor.getSnapshot().context.error).toBe('Choisissez une image.');
    actor.send({ type: 'draft.change', picture });
    actor.send({ type: 'draft.submit' });
    expect(actor.getSnapshot().matches({ library: { saving: 'uploading' } })).toBe(true);
    expect(uploads[0]!.input).toEqual({ gameId: 'g-1', picture });
    uploads[0]!.facts.next({ type: 'upload.progress', loaded: 1, total: 4 });
    expect(actor.getSnapshot().context.progress).toBe(25);
    uploads[0]!.facts.next({ type: 'upload.stored', fileId: 'f-1' });
    expect(actor.getSnapshot().context.progress).toBeNull();
    expect(creations[0]!.input).toEqual({ gameId: 'g-1', body: { title: 'Portrait', fileId: 'f-1' } });
  });

  it('keeps the server’s refusal of an upload and goes back to the form', async () => {
    const { actor, uploads } = await libraryAtTable();
    actor.send({ type: 'draft.change', title: 'Plan', kind: 'picture', picture: new Blob(['svg']) });
    actor.send({ type: 'draft.submit' });
    uploads[0]!.facts.error({ body: { error: 'Les images SVG ne sont pas acceptées.' } });
    await settle();
    expect(actor.getSnapshot().matches({ library: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Les images SVG ne sont pas acceptées.');
    expect(actor.getSnapshot().context.draft.title).toBe('Plan');
  });

  it('shows to the players ticked — every one of them is « all » — and never to nobody', async () => {
    const { actor, showings } = await libraryAtTable();
    actor.send({ type: 'audience.open', id: 'h-1' });
    expect(actor.getSnapshot().context.audience).toEqual({ id: 'h-1', userIds: ['u-1', 'u-2'] });
    actor.send({ type: 'audience.toggle', userId: 'u-2' });
    actor.send({ type: 'audience.toggle', userId: 'u-1' });
    actor.send({ type: 'audience.submit' });
    expect(actor.getSnapshot().context.error).toBe('Choisissez au moins un joueur.');
    actor.send({ type: 'audience.toggle', userId: 'u-1' });
    actor.send({ type: 'audience.submit' });
    expect(showings[0]!.input).toEqual({
      gameId: 'g-1',
      id: 'h-1',
      audience: { to: 'chosen', userIds: ['u-1'] },
    });
    const shown = { ...letter, recipients: [{ userId: 'u-1', shownAt: '2026-11-29T11:00:00.000Z' }] };
    showings[0]!.resolve(shown);
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ audience: null, handouts: [shown] });
    expect(audienceOf(['u-2', 'u-1'], players)).toEqual({ to: 'all' });
  });

  it('takes back and deletes, keeping a refusal in words', async () => {
    const { actor, takings, deletions } = await libraryAtTable();
    actor.send({ type: 'handout.takeBack', id: 'h-1' });
    expect(actor.getSnapshot().matches({ library: 'takingBack' })).toBe(true);
    takings[0]!.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().context.error).toBe('Le document n’a pas pu être repris.');
    actor.send({ type: 'handout.delete', id: 'h-1' });
    expect(actor.getSnapshot().context.error).toBeNull();
    deletions[0]!.resolve();
    await settle();
    expect(actor.getSnapshot().context.handouts).toEqual([]);
  });

  it('opens and closes its panel whatever the library is doing', async () => {
    const { actor } = await libraryAtTable();
    actor.send({ type: 'panel.toggle' });
    expect(actor.getSnapshot().matches({ panel: 'open' })).toBe(true);
    actor.send({ type: 'panel.close' });
    expect(actor.getSnapshot().matches({ panel: 'closed' })).toBe(true);
  });
});
