import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable } from 'xstate';
import type { ShownHandout } from '../../src/domain/handouts';
import { documentsMachine, type DocumentsFact } from '../../src/machines/documents.machine';
import { pendingCalls } from '../helpers/fake-effects';
import { settle, type Pending } from '../helpers/machine-model';

const letter: ShownHandout = {
  id: 'h-1',
  title: 'Lettre du baron',
  shownAt: '2026-11-29T10:00:00.000Z',
  text: 'Le pont est tombé.',
  fileId: null,
};
const portrait: ShownHandout = {
  id: 'h-2',
  title: 'Portrait de la comtesse',
  shownAt: '2026-11-29T11:00:00.000Z',
  text: null,
  fileId: 'f-1',
};

/** The documents with their effects faked: the loads and the pictures wait for the test. */
function documentsAtTable() {
  const loads: Array<Pending<ShownHandout[]>> = [];
  const pictures: Array<Pending<string>> = [];
  const released: string[] = [];
  const news = new Subject<DocumentsFact>();
  const actor = createActor(
    documentsMachine.provide({
      actors: {
        'load documents': pendingCalls(loads),
        'document news': fromEventObservable(() => news),
        'read picture': pendingCalls(pictures),
      },
      actions: { 'release picture': (_, url: string) => void released.push(url) },
    }),
    { input: { gameId: 'g-1' } },
  ).start();
  return { actor, loads, pictures, released, news };
}

describe('documents', () => {
  it('lists what the server holds, newest first, and keeps a handout shown while it was read', async () => {
    const { actor, loads, news } = documentsAtTable();
    expect(actor.getSnapshot().matches({ list: 'loading' })).toBe(true);
    news.next({ type: 'handout.shown', handout: portrait });
    loads[0]!.resolve([letter]);
    await settle();
    expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.documents.map((document) => document.id)).toEqual(['h-2', 'h-1']);
  });

  it('says a failed read in French and reads again when asked', async () => {
    const { actor, loads } = documentsAtTable();
    loads[0]!.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().matches({ list: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.loadError).toBe('Impossible de charger vos documents.');
    actor.send({ type: 'documents.retry' });
    expect(loads).toHaveLength(2);
    loads[1]!.resolve([letter]);
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ loadError: null, documents: [letter] });
  });

  it('opens a letter as it is shown, and closes it when it is taken back', async () => {
    const { actor, loads, news } = documentsAtTable();
    loads[0]!.resolve([]);
    await settle();
    news.next({ type: 'handout.shown', handout: letter });
    expect(actor.getSnapshot().matches({ viewer: { open: 'text' } })).toBe(true);
    expect(actor.getSnapshot().context.openId).toBe('h-1');
    news.next({ type: 'handout.takenBack', handoutId: 'h-1' });
    expect(actor.getSnapshot().matches({ viewer: 'closed' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ openId: null, documents: [] });
  });

  it('reads a picture into a blob URL, and releases it when the viewer leaves it', async () => {
    const { actor, loads, pictures, released } = documentsAtTable();
    loads[0]!.resolve([letter, portrait]);
    await settle();
    actor.send({ type: 'document.open', id: 'h-2' });
    expect(actor.getSnapshot().matches({ viewer: { open: { picture: 'reading' } } })).toBe(true);
    expect(pictures[0]!.input).toEqual({ fileId: 'f-1' });
    pictures[0]!.resolve('blob:comtesse');
    await settle();
    expect(actor.getSnapshot().matches({ viewer: { open: { picture: 'shown' } } })).toBe(true);
    expect(actor.getSnapshot().context.pictureUrl).toBe('blob:comtesse');
    actor.send({ type: 'document.open', id: 'h-1' });
    expect(actor.getSnapshot().matches({ viewer: { open: 'text' } })).toBe(true);
    expect(released).toEqual(['blob:comtesse']);
    expect(actor.getSnapshot().context.pictureUrl).toBeNull();
  });

  it('says an unreadable picture, and a taken-back handout other than the open one leaves the viewer as it is', async () => {
    const { actor, loads, pictures, news } = documentsAtTable();
    loads[0]!.resolve([letter, portrait]);
    await settle();
    actor.send({ type: 'document.open', id: 'h-2' });
    pictures[0]!.reject(new Error('404'));
    await settle();
    expect(actor.getSnapshot().matches({ viewer: { open: { picture: 'unreadable' } } })).toBe(true);
    news.next({ type: 'handout.takenBack', handoutId: 'h-1' });
    expect(actor.getSnapshot().matches({ viewer: { open: { picture: 'unreadable' } } })).toBe(true);
    expect(actor.getSnapshot().context.documents).toEqual([portrait]);
  });

  it('opens only a document it holds, toggles its panel, and reads again after a reconnection', async () => {
    const { actor, loads, news } = documentsAtTable();
    loads[0]!.resolve([letter]);
    await settle();
    actor.send({ type: 'document.open', id: 'h-9' });
    expect(actor.getSnapshot().matches({ viewer: 'closed' })).toBe(true);
    actor.send({ type: 'panel.toggle' });
    expect(actor.getSnapshot().matches({ panel: 'open' })).toBe(true);
    actor.send({ type: 'panel.close' });
    expect(actor.getSnapshot().matches({ panel: 'closed' })).toBe(true);
    news.next({ type: 'socket.reconnected' });
    expect(actor.getSnapshot().matches({ list: 'loading' })).toBe(true);
    loads[1]!.resolve([]);
    await settle();
    expect(actor.getSnapshot().context.documents).toEqual([]);
  });
});
