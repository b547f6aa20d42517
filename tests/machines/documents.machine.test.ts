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

/** The documents with their effects faked: the table's list and the live news as the test says, the pictures waiting. */
function documentsAtTable() {
  const pictures: Array<Pending<string>> = [];
  const released: string[] = [];
  const news = new Subject<DocumentsFact>();
  const actor = createActor(
    documentsMachine.provide({
      actors: {
        'document news': fromEventObservable(() => news),
        'read picture': pendingCalls(pictures),
      },
      actions: { 'release picture': (_, url: string) => void released.push(url) },
    }),
    { input: { gameId: 'g-1' } },
  ).start();
  const held = (...documents: ShownHandout[]) => news.next({ type: 'documents.held', documents });
  return { actor, pictures, released, news, held };
}

describe('documents', () => {
  it('lists what the table holds, newest first, without opening what a catch-up brought', () => {
    const { actor, held } = documentsAtTable();
    held(letter, portrait);
    expect(actor.getSnapshot().context.documents.map((document) => document.id)).toEqual(['h-2', 'h-1']);
    expect(actor.getSnapshot().matches({ viewer: 'closed' })).toBe(true);
  });

  it('opens a letter heard as it is shown, and closes it when it leaves the table', () => {
    const { actor, news, held } = documentsAtTable();
    held();
    news.next({ type: 'handout.shown', handout: letter });
    expect(actor.getSnapshot().matches({ viewer: { open: 'text' } })).toBe(true);
    expect(actor.getSnapshot().context.openId).toBe('h-1');
    held(letter);
    expect(actor.getSnapshot().matches({ viewer: { open: 'text' } })).toBe(true);
    held();
    expect(actor.getSnapshot().matches({ viewer: 'closed' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ openId: null, documents: [] });
  });

  it('keeps a handout heard before the table folded it: a list without it yet does not close it', () => {
    const { actor, news, held } = documentsAtTable();
    held(letter);
    news.next({ type: 'handout.shown', handout: portrait });
    held(letter);
    expect(actor.getSnapshot().matches({ viewer: { open: { picture: 'reading' } } })).toBe(true);
    expect(actor.getSnapshot().context.documents.map((document) => document.id)).toEqual(['h-2', 'h-1']);
    held(letter, portrait);
    expect(actor.getSnapshot().context.heard).toEqual([]);
  });

  it('reads a picture into a blob URL, and releases it when the viewer leaves it', async () => {
    const { actor, pictures, released, held } = documentsAtTable();
    held(letter, portrait);
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
    const { actor, pictures, held } = documentsAtTable();
    held(letter, portrait);
    actor.send({ type: 'document.open', id: 'h-2' });
    pictures[0]!.reject(new Error('404'));
    await settle();
    expect(actor.getSnapshot().matches({ viewer: { open: { picture: 'unreadable' } } })).toBe(true);
    held(portrait);
    expect(actor.getSnapshot().matches({ viewer: { open: { picture: 'unreadable' } } })).toBe(true);
    expect(actor.getSnapshot().context.documents).toEqual([portrait]);
  });

  it('opens only a document it holds, and toggles its panel', () => {
    const { actor, held } = documentsAtTable();
    held(letter);
    actor.send({ type: 'document.open', id: 'h-9' });
    expect(actor.getSnapshot().matches({ viewer: 'closed' })).toBe(true);
    actor.send({ type: 'panel.toggle' });
    expect(actor.getSnapshot().matches({ panel: 'open' })).toBe(true);
    actor.send({ type: 'panel.close' });
    expect(actor.getSnapshot().matches({ panel: 'closed' })).toBe(true);
  });
});
