import { describe, expect, it } from 'vitest';
import {
  ambienceMessages,
  decideAmbience,
  positionAt,
  volumeAt,
  type AmbienceChange,
  type AmbienceTrack,
} from '../../src/domain/table/ambience';
import { emptyTable, reduce } from '../../src/domain/table/reducer';
import { visibleTo } from '../../src/domain/table/visibility';

const T0 = 1_800_000_000_000;
const play: AmbienceChange = {
  kind: 'play',
  source: { kind: 'file', fileId: 'son' },
  name: ' Taverne ',
  loop: true,
  volume: 0.6,
  fadeIn: 10,
};

function tracksAfter(...steps: Array<[AmbienceChange, number]>): Record<string, AmbienceTrack> {
  let tracks: Record<string, AmbienceTrack> = {};
  for (const [change, at] of steps) {
    const events = decideAmbience(tracks, change, at, () => 'piste');
    if (typeof events === 'string') throw new Error(events);
    for (const event of events) {
      if (event.type === 'ambience.changed')
        tracks = { ...tracks, [event.payload.track.id]: event.payload.track };
      else tracks = Object.fromEntries(Object.entries(tracks).filter(([id]) => id !== event.payload.trackId));
    }
  }
  return tracks;
}

describe('the ambience’s rules', () => {
  it('fades in from silence along a straight line, then holds the level', () => {
    const track = tracksAfter([play, T0])['piste']!;
    expect(track.name).toBe('Taverne');
    expect(volumeAt(track.volume, T0 - 1)).toBe(0);
    expect(volumeAt(track.volume, T0 + 5000)).toBeCloseTo(0.3);
    expect(volumeAt(track.volume, T0 + 60_000)).toBe(0.6);
  });

  it('puts a late arrival where the others are: round a loop, over after a single play', () => {
    const track = tracksAfter([play, T0])['piste']!;
    expect(positionAt(track, T0 + 95_000, 30)).toBeCloseTo(5);
    expect(positionAt({ ...track, loop: false }, T0 + 95_000, 30)).toBeNull();
    expect(positionAt({ ...track, loop: false }, T0 + 12_500, 30)).toBeCloseTo(12.5);
    // Before the metadata is read, the elapsed time stands.
    expect(positionAt(track, T0 + 95_000, Number.NaN)).toBeCloseTo(95);
  });

  it('carries a paused track on from where it stopped when resumed', () => {
    const tracks = tracksAfter(
      [play, T0],
      [{ kind: 'pause', trackId: 'piste' }, T0 + 20_000],
      [{ kind: 'resume', trackId: 'piste' }, T0 + 50_000],
    );
    const track = tracks['piste']!;
    expect(positionAt(track, T0 + 50_000, 600)).toBeCloseTo(20);
    expect(positionAt(track, T0 + 51_000, 600)).toBeCloseTo(21);
  });

  it('fades from the level it has reached, and ends a faded-out track at the next change', () => {
    const faded = tracksAfter(
      [play, T0],
      [{ kind: 'fade', trackId: 'piste', volume: 0, seconds: 4 }, T0 + 5000],
    );
    expect(faded['piste']!.volume).toEqual({ from: 0.3, to: 0, startAt: T0 + 5000, endAt: T0 + 9000 });
    const stopping = tracksAfter([play, T0], [{ kind: 'stop', trackId: 'piste', fadeOut: 3 }, T0 + 20_000]);
    expect(stopping['piste']!.endsAt).toBe(T0 + 23_000);
    const events = decideAmbience(stopping, { ...play, name: 'Pluie' }, T0 + 23_000, () => 'pluie');
    expect(events).toEqual([
      { type: 'ambience.ended', payload: { trackId: 'piste' } },
      expect.objectContaining({ type: 'ambience.changed' }),
    ]);
    expect(decideAmbience(stopping, { kind: 'pause', trackId: 'piste' }, T0 + 24_000, () => 'x')).toBe(
      ambienceMessages.trackNotFound,
    );
  });

  it('is folded by the reducer into every copy alike, the players’ included', () => {
    const track = tracksAfter([play, T0])['piste']!;
    const reduced = reduce(emptyTable, { type: 'ambience.changed', payload: { track } });
    if ('rejected' in reduced) throw new Error(reduced.rejected);
    const player = visibleTo(reduced.state, { userId: 'p', role: 'player', characterIds: [] });
    expect(player.ambience).toEqual({ piste: track });
    const loud = { ...track, volume: { ...track.volume, to: 2 } };
    expect(reduce(emptyTable, { type: 'ambience.changed', payload: { track: loud } })).toEqual({
      rejected: 'track out of bounds',
    });
    expect(reduce(emptyTable, { type: 'ambience.ended', payload: { trackId: 'piste' } })).toEqual({
      rejected: 'no such track',
    });
  });
});
