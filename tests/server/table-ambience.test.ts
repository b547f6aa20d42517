import { afterEach, describe, expect, it } from 'vitest';
import type { AmbienceChangePayload, ServerClockAnswer } from '../../src/api/schemas/table';
import { ambienceMessages, AMBIENCE_TRACKS_MAX } from '../../src/domain/table/ambience';
import type { AmbienceTrack } from '../../src/domain/table/ambience';
import { insertGame } from '../helpers/game-fixtures';
import { mp3Sound, noisyPicture, oggSound, uploadFile } from '../helpers/files';
import { drivers } from '../helpers/server';
import { emitWithAck, joined, serverState, type TableClient } from '../helpers/table';
import { seatedTableForSuite } from '../helpers/table-suite';

type Change = AmbienceChangePayload['change'];

describe.each(drivers)('the ambience (%s)', (driver) => {
  const { t, p, mj, owner, other } = seatedTableForSuite({ driver, env: { TABLE_RATE_SCALE: '10' } });
  const change = (client: TableClient, change: Change) =>
    client.send('ambienceChange', { gameId: p.gameId, change });
  const tracks = async () => Object.values((await serverState(t, p.gameId)).ambience ?? {});
  const head = async () => (await serverState(t, p.gameId)).lastSeq;
  const storedSound = async (gameId = p.gameId, bytes: Buffer = mp3Sound()) => {
    const stored = await uploadFile(t, gameId, 'audio', bytes, p.mj.token);
    expect(stored.status).toBeLessThan(300);
    return stored.body.id;
  };
  const play = (client: TableClient, fileId: string, over: Partial<Extract<Change, { kind: 'play' }>> = {}) =>
    change(client, {
      kind: 'play',
      source: { kind: 'file', fileId },
      name: 'Taverne',
      loop: true,
      volume: 0.8,
      fadeIn: 0,
      ...over,
    });

  afterEach(async () => {
    for (const track of await tracks()) {
      expect(await change(mj, { kind: 'stop', trackId: track.id, fadeOut: 0 })).toEqual({ ok: true });
    }
  });

  it('plays a stored sound of the game for everyone, from the server’s clock', async () => {
    const fileId = await storedSound();
    const before = Date.now();
    expect(await play(mj, fileId, { fadeIn: 4 })).toEqual({ ok: true });
    const [track] = await tracks();
    expect(track).toMatchObject({
      name: 'Taverne',
      source: { kind: 'file', fileId },
      loop: true,
      pausedAt: null,
      endsAt: null,
    });
    expect(track!.startedAt).toBeGreaterThanOrEqual(before);
    expect(track!.volume).toEqual({
      from: 0,
      to: 0.8,
      startAt: track!.startedAt,
      endAt: track!.startedAt + 4000,
    });
    const seq = await head();
    await Promise.all([owner.reach(seq), other.reach(seq)]);
    expect(owner.inbox.state.ambience).toEqual({ [track!.id]: track });
  });

  it('gives a player who arrives mid-track when it started, and a paused one where it stopped', async () => {
    const fileId = await storedSound();
    expect(await play(mj, fileId)).toEqual({ ok: true });
    expect(await play(mj, fileId, { name: 'Pluie', loop: false })).toEqual({ ok: true });
    const [music, rain] = await tracks();
    expect(await change(mj, { kind: 'pause', trackId: rain!.id })).toEqual({ ok: true });
    const late = await joined(t, p.other, p.gameId);
    try {
      const heard = late.inbox.state.ambience ?? {};
      expect(heard[music!.id]?.startedAt).toBe(music!.startedAt);
      expect(heard[rain!.id]?.pausedAt).toBeGreaterThanOrEqual(rain!.startedAt);
      const clock = await emitWithAck<ServerClockAnswer>(late.socket, 'serverClock', {});
      expect(clock.now).toBeGreaterThanOrEqual(music!.startedAt);
    } finally {
      late.socket.close();
    }
  });

  it('fades, loops and fades out, and a stop under way may only be hastened', async () => {
    const fileId = await storedSound();
    expect(await play(mj, fileId)).toEqual({ ok: true });
    const [track] = await tracks();
    const id = track!.id;
    expect(await change(mj, { kind: 'fade', trackId: id, volume: 0.2, seconds: 2 })).toEqual({ ok: true });
    expect(await change(mj, { kind: 'loop', trackId: id, loop: false })).toEqual({ ok: true });
    expect(await change(mj, { kind: 'resume', trackId: id })).toEqual({
      ok: false,
      error: ambienceMessages.notPaused,
    });
    expect(await change(mj, { kind: 'stop', trackId: id, fadeOut: 60 })).toEqual({ ok: true });
    const [ending] = await tracks();
    expect(ending).toMatchObject({ loop: false, endsAt: ending!.volume.startAt + 60_000 });
    expect(ending!.volume.to).toBe(0);
    expect(await change(mj, { kind: 'fade', trackId: id, volume: 1, seconds: 0 })).toEqual({
      ok: false,
      error: ambienceMessages.ending,
    });
    expect(await change(mj, { kind: 'stop', trackId: id, fadeOut: 0 })).toEqual({ ok: true });
    expect(await tracks()).toEqual([]);
  });

  it('is the MJ’s alone: a player is refused in French, an outsider too, and nothing is logged', async () => {
    const fileId = await storedSound();
    const before = await head();
    expect(await play(owner, fileId)).toEqual({ ok: false, error: ambienceMessages.onlyMaster });
    const outsider = await t.socket(p.outsider.token);
    const kicked = await t.socket(p.kicked.token);
    try {
      for (const socket of [outsider, kicked]) {
        const answer = await emitWithAck(socket, 'ambienceChange', {
          gameId: p.gameId,
          change: {
            kind: 'play',
            source: { kind: 'file', fileId },
            name: 'x',
            loop: true,
            volume: 1,
            fadeIn: 0,
          },
        });
        expect(answer.ok).toBe(false);
      }
    } finally {
      outsider.close();
      kicked.close();
    }
    expect(await head()).toBe(before);
  });

  it('plays only this game’s own sounds and https links, within bounds', async () => {
    const before = await head();
    const elsewhere = await insertGame(t.database.db, p.mj.userId);
    const foreign = await storedSound(elsewhere, oggSound());
    expect(await play(mj, foreign)).toEqual({ ok: false, error: ambienceMessages.unknownFile });
    const picture = await uploadFile(
      t,
      p.gameId,
      'portrait',
      await noisyPicture(32, 32).png().toBuffer(),
      p.mj.token,
    );
    expect(await play(mj, picture.body.id)).toEqual({ ok: false, error: ambienceMessages.unknownFile });
    expect(await play(mj, 'pas-un-id')).toEqual({ ok: false, error: ambienceMessages.unknownFile });
    const link = (url: string) =>
      change(mj, {
        kind: 'play',
        source: { kind: 'link', url },
        name: 'Lien',
        loop: true,
        volume: 1,
        fadeIn: 0,
      });
    expect(await link('http://sons.example/pluie.mp3')).toEqual({
      ok: false,
      error: ambienceMessages.notHttps,
    });
    expect(await link('javascript:alert(1)')).toEqual({ ok: false, error: ambienceMessages.notHttps });
    const fileId = await storedSound();
    expect(await play(mj, fileId, { volume: 1.5 })).toEqual({
      ok: false,
      error: ambienceMessages.invalidLevel,
    });
    expect(await play(mj, fileId, { fadeIn: -1 })).toEqual({
      ok: false,
      error: ambienceMessages.invalidLevel,
    });
    expect(await change(mj, { kind: 'stop', trackId: 'nulle-part', fadeOut: 0 })).toEqual({
      ok: false,
      error: ambienceMessages.trackNotFound,
    });
    expect((await mj.send('ambienceChange', { gameId: p.gameId, change: { kind: 'rewind' } })).ok).toBe(
      false,
    );
    expect(await head()).toBe(before);
    expect(await link('https://sons.example/pluie.mp3')).toEqual({ ok: true });
  });

  it('keeps at most eight tracks playing at once', async () => {
    const fileId = await storedSound();
    for (let index = 0; index < AMBIENCE_TRACKS_MAX; index += 1) {
      expect(await play(mj, fileId, { name: `Piste ${index}` })).toEqual({ ok: true });
    }
    expect(await play(mj, fileId)).toEqual({ ok: false, error: ambienceMessages.tooManyTracks });
    const played: AmbienceTrack[] = await tracks();
    expect(played).toHaveLength(AMBIENCE_TRACKS_MAX);
  });
});
