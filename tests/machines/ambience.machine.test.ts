import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyActorRef, type EventObject } from 'xstate';
import type { StoredFile } from '../../src/api/schemas/files';
import { DEFAULT_LISTENER, type AmbienceListener } from '../../src/domain/ambience-listener';
import type { AmbienceTrack } from '../../src/domain/table/ambience';
import {
  ambienceTrackMachine,
  type AmbienceTrackEvent,
  type AmbienceTrackInput,
  type TrackPlayerCommand,
} from '../../src/machines/ambience-track.machine';
import {
  ambienceMachine,
  trackChildId,
  type AmbienceChangeRequest,
} from '../../src/machines/ambience.machine';

const rain: AmbienceTrack = {
  id: 'pluie',
  name: 'Pluie',
  source: { kind: 'file', fileId: 'son-pluie' },
  loop: true,
  startedAt: 1000,
  pausedAt: null,
  volume: { from: 0.5, to: 0.5, startAt: 1000, endAt: 1000 },
  endsAt: null,
};
const music: AmbienceTrack = {
  ...rain,
  id: 'musique',
  name: 'Musique',
  source: { kind: 'link', url: 'https://sons.example/m.ogg' },
};

/**
 * The ambience with its real track children, each child's audio element a recorder: what each
 * track's element was told, which elements are still alive, and a hand to send each one's facts.
 */
function ambienceWithRecorders(listener: AmbienceListener = DEFAULT_LISTENER) {
  const told: Record<string, TrackPlayerCommand[]> = {};
  const alive = new Set<string>();
  const facts: Record<string, (event: AmbienceTrackEvent) => void> = {};
  const stored: AmbienceListener[] = [];
  const sent: AmbienceChangeRequest[] = [];
  const dice: AmbienceListener[] = [];
  const player = fromCallback<TrackPlayerCommand, AmbienceTrackInput>(({ input, receive, sendBack }) => {
    const id = input.track.id;
    told[id] = [];
    alive.add(id);
    facts[id] = sendBack;
    receive((command) => told[id]!.push(command));
    return () => alive.delete(id);
  });
  const actor = createActor(
    ambienceMachine.provide({
      actors: { 'ambience track': ambienceTrackMachine.provide({ actors: { 'track player': player } }) },
      actions: {
        'store listener': (_, { listener: kept }) => stored.push(kept),
        'send ambience change': (_, { change }) => sent.push(change),
        'play dice sound': (_, heard) => dice.push(heard),
      },
    }),
    { input: { gameId: 'partie', listener } },
  ).start();
  const child = (id: string) => actor.getSnapshot().children[trackChildId(id)] as AnyActorRef | undefined;
  const lastTold = (id: string) => told[id]!.filter((command) => command.type !== 'listener').at(-1)?.type;
  return { actor, told, alive, facts, stored, sent, dice, child, lastTold };
}

describe('the ambience machine', () => {
  it('spawns a track child for each track the log holds, tells it each change and stops it when the log ends it', () => {
    const { actor, alive, child, lastTold } = ambienceWithRecorders();

    actor.send({ type: 'ambience.tracks', tracks: { pluie: rain } });
    expect([...alive]).toEqual(['pluie']);
    expect(lastTold('pluie')).toBe('play');

    const rainChild = child('pluie');
    actor.send({ type: 'ambience.tracks', tracks: { pluie: rain, musique: music } });
    expect([...alive].sort()).toEqual(['musique', 'pluie']);
    // The same track object again is no change: the child is the one it was.
    expect(child('pluie')).toBe(rainChild);

    actor.send({ type: 'ambience.tracks', tracks: { pluie: { ...rain, pausedAt: 4000 }, musique: music } });
    expect(lastTold('pluie')).toBe('pause');
    expect(child('pluie')?.getSnapshot().value).toBe('paused');
    expect(lastTold('musique')).toBe('play');

    actor.send({ type: 'ambience.tracks', tracks: { musique: music } });
    expect([...alive]).toEqual(['musique']);
    expect(child('pluie')).toBeUndefined();

    actor.send({ type: 'ambience.tracks', tracks: {} });
    expect(alive.size).toBe(0);
    expect(actor.getSnapshot().context.tracks).toEqual({});
  });

  it('keeps the player’s volume and silence, stores them and tells every track’s element', () => {
    const { actor, told, stored } = ambienceWithRecorders();
    actor.send({ type: 'ambience.tracks', tracks: { pluie: rain, musique: music } });

    actor.send({ type: 'listener.volume', value: 0.3 });
    actor.send({ type: 'listener.mute.toggle' });
    const expected = { ...DEFAULT_LISTENER, volume: 0.3, muted: true };
    expect(actor.getSnapshot().context.listener).toEqual(expected);
    expect(stored.at(-1)).toEqual(expected);
    for (const id of ['pluie', 'musique']) {
      expect(told[id]!.filter((command) => command.type === 'listener').at(-1)).toEqual({
        type: 'listener',
        listener: expected,
      });
    }

    // A volume out of range is held to it; a track that arrives later starts with the player's settings.
    actor.send({ type: 'listener.volume', value: 7 });
    actor.send({
      type: 'ambience.tracks',
      tracks: { pluie: rain, musique: music, autre: { ...rain, id: 'autre' } },
    });
    expect(told['autre']!.at(-1)).toEqual({
      type: 'play',
      track: { ...rain, id: 'autre' },
      listener: { ...expected, volume: 1 },
    });
  });

  it('shows one « Activer le son » for every refused start, and the click starts each refused track again', () => {
    const { actor, facts, told, child } = ambienceWithRecorders();
    actor.send({ type: 'ambience.tracks', tracks: { pluie: rain, musique: music } });
    expect(actor.getSnapshot().matches({ sound: 'allowed' })).toBe(true);

    facts['pluie']!({ type: 'element.refused' });
    facts['musique']!({ type: 'element.refused' });
    expect(actor.getSnapshot().matches({ sound: 'blocked' })).toBe(true);
    const playsBefore = (id: string) => told[id]!.filter((command) => command.type === 'play').length;
    const [rainPlays, musicPlays] = [playsBefore('pluie'), playsBefore('musique')];

    actor.send({ type: 'audio.unlock' });
    expect(actor.getSnapshot().matches({ sound: 'allowed' })).toBe(true);
    expect(playsBefore('pluie')).toBe(rainPlays + 1);
    expect(playsBefore('musique')).toBe(musicPlays + 1);
    expect(child('pluie')?.getSnapshot().value).toEqual({ playing: 'starting' });

    facts['pluie']!({ type: 'element.playing' });
    expect(child('pluie')?.getSnapshot().value).toEqual({ playing: 'audible' });
  });

  it('sounds the dice only when the player asked for it and has not muted the ambience', () => {
    const { actor, dice } = ambienceWithRecorders();
    actor.send({ type: 'dice.rolled' });
    expect(dice).toEqual([]);

    actor.send({ type: 'listener.dice.toggle' });
    actor.send({ type: 'dice.rolled' });
    expect(dice).toEqual([{ ...DEFAULT_LISTENER, dice: true }]);

    actor.send({ type: 'listener.mute.toggle' });
    actor.send({ type: 'dice.rolled' });
    expect(dice).toHaveLength(1);
  });

  it('sends the MJ’s change, shows the server’s refusal until the next change or its dismissal', () => {
    const { actor, sent } = ambienceWithRecorders();
    const stop: AmbienceChangeRequest = { kind: 'stop', trackId: 'pluie', fadeOut: 0 };
    actor.send({ type: 'ambience.change', change: stop });
    expect(sent).toEqual([stop]);

    actor.send({ type: 'ambience.refused', text: 'Piste inconnue.' });
    expect(actor.getSnapshot().context.refusal).toBe('Piste inconnue.');
    actor.send({ type: 'ambience.change', change: stop });
    expect(actor.getSnapshot().context.refusal).toBeNull();

    actor.send({ type: 'ambience.refused', text: 'Piste inconnue.' });
    actor.send({ type: 'refusal.dismiss' });
    expect(actor.getSnapshot().context.refusal).toBeNull();
  });

  it('starts an upload chosen while the game’s sounds are still being read, then reads them again', () => {
    const uploads: string[] = [];
    const lists: string[] = [];
    const actor = createActor(
      ambienceMachine.provide({
        actors: {
          'list sounds': fromPromise<StoredFile[], { gameId: string }>(({ input }) => {
            lists.push(input.gameId);
            return new Promise(() => {});
          }),
          'upload sound': fromCallback<EventObject, { gameId: string; file: File }>(({ input }) => {
            uploads.push(input.file.name);
          }),
        },
      }),
      { input: { gameId: 'partie', listener: DEFAULT_LISTENER } },
    ).start();
    actor.send({ type: 'library.open' });
    actor.send({ type: 'library.upload', file: new File(['son'], 'taverne.mp3') });
    expect(uploads).toEqual(['taverne.mp3']);
    actor.send({ type: 'upload.stored' });
    expect(lists).toEqual(['partie', 'partie']);
  });
});
