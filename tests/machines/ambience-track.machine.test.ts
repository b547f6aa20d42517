import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback } from 'xstate';
import { DEFAULT_LISTENER } from '../../src/domain/ambience-listener';
import type { AmbienceTrack } from '../../src/domain/table/ambience';
import {
  ambienceTrackMachine,
  type AmbienceTrackEvent,
  type AmbienceTrackInput,
  type TrackPlayerCommand,
} from '../../src/machines/ambience-track.machine';
import { modelOf, pathsThroughEveryTransition } from '../helpers/machine-model';

const track: AmbienceTrack = {
  id: 'piste',
  name: 'Taverne',
  source: { kind: 'file', fileId: 'son' },
  loop: true,
  startedAt: 1000,
  pausedAt: null,
  volume: { from: 0.8, to: 0.8, startAt: 1000, endAt: 1000 },
  endsAt: null,
};
const paused = { ...track, pausedAt: 5000 };
const input = { track, listener: DEFAULT_LISTENER };

const events: AmbienceTrackEvent[] = [
  { type: 'track.changed', track: paused },
  { type: 'track.changed', track: { ...track, startedAt: 2000 } },
  { type: 'listener.changed', listener: { ...DEFAULT_LISTENER, muted: true } },
  { type: 'track.retry' },
  { type: 'element.playing' },
  { type: 'element.refused' },
  { type: 'element.ended' },
];

/** What each state means for the audio element: the last command it was given. */
const lastCommand: Record<string, TrackPlayerCommand['type']> = {
  starting: 'play',
  audible: 'play',
  refused: 'play',
  paused: 'pause',
};

describe('the ambience track machine', () => {
  // The walk runs the chart alone: the parent it would tell is the real run's, below.
  const model = modelOf(
    ambienceTrackMachine.provide({ actions: { 'tell parent sound is blocked': () => {} } }),
    events,
    input,
  );
  const paths = pathsThroughEveryTransition(model);

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const commands: TrackPlayerCommand[] = [];
    const parentHeard: string[] = [];
    const parent = createActor(
      createMachine({
        invoke: {
          id: 'track',
          src: ambienceTrackMachine.provide({
            actors: {
              'track player': fromCallback<TrackPlayerCommand, AmbienceTrackInput>(({ receive }) =>
                receive((command) => commands.push(command)),
              ),
            },
          }),
          input,
        },
        on: { 'audio.blocked': { actions: () => parentHeard.push('audio.blocked') } },
      }),
    ).start();
    const actor = parent.getSnapshot().children['track']!;
    for (const step of path.steps.slice(1)) actor.send(step.event as AmbienceTrackEvent);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    const leaf = JSON.stringify(snapshot.value).match(/"(\w+)"}?$/)?.[1] ?? String(snapshot.value);
    const meaning = lastCommand[leaf];
    if (meaning) expect(commands.filter((command) => command.type !== 'listener').at(-1)?.type).toBe(meaning);
    if (snapshot.matches({ playing: 'refused' })) expect(parentHeard).toContain('audio.blocked');
    expect(snapshot.context.track.pausedAt !== null).toBe(snapshot.matches('paused'));
    parent.stop();
  });
});
