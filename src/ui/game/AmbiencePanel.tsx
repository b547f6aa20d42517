import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { StoredFile } from '../../api/schemas/files';
import type { AmbienceSource } from '../../domain/table/ambience';
import type { ambienceMachine } from '../../machines/ambience.machine';
import { ambienceMessages } from './messages';

type Ambience = ActorRefFrom<typeof ambienceMachine>;

const dateOf = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
const sizeOf = (bytes: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
    bytes / (1024 * 1024),
  );
const soundName = (file: StoredFile) =>
  ambienceMessages.sound(
    file.name ?? ambienceMessages.unnamedSound(dateOf(file.createdAt)),
    sizeOf(file.size),
  );
const seconds = (text: string) => Math.min(600, Math.max(0, Number(text) || 0));

/**
 * The MJ's « Ambiance »: the game's sounds (and one more uploaded here, with its progress) or an
 * https link, played with a loop, a fade-in and a level; the tracks playing, each paused, faded to
 * its slider's level or stopped with a fade-out. Every change goes to the server, which times it.
 */
export function AmbiencePanel({ ambience, onClose }: { ambience: Ambience; onClose: () => void }) {
  const sounds = useSelector(ambience, (snapshot) => snapshot.context.sounds);
  const tracks = useSelector(ambience, (snapshot) => snapshot.context.tracks);
  const upload = useSelector(ambience, (snapshot) => snapshot.context.upload);
  const refusal = useSelector(ambience, (snapshot) => snapshot.context.refusal);
  const [loop, setLoop] = useState(true);
  const [fadeIn, setFadeIn] = useState('0');
  const [fadeOut, setFadeOut] = useState('0');
  const [volume, setVolume] = useState(0.8);
  const [link, setLink] = useState('');
  const [trackName, setTrackName] = useState('');
  const [levels, setLevels] = useState<Record<string, number>>({});

  useEffect(() => ambience.send({ type: 'library.open' }), [ambience]);

  // Two sounds of one upload session read alike by date and size: the MJ may name the track, a
  // name for this one play.
  const play = (source: AmbienceSource, name: string) => {
    ambience.send({
      type: 'ambience.change',
      change: { kind: 'play', source, name: trackName.trim() || name, loop, volume, fadeIn: seconds(fadeIn) },
    });
    setTrackName('');
  };

  return (
    <aside className="ambience-panel" aria-label={ambienceMessages.panel}>
      <header className="ambience-panel__header">
        <h2>{ambienceMessages.panel}</h2>
        <button type="button" className="secondary" aria-label={ambienceMessages.close} onClick={onClose}>
          ×
        </button>
      </header>
      {refusal && (
        <p className="ambience-panel__refusal" role="alert">
          {refusal}{' '}
          <button
            type="button"
            className="secondary"
            aria-label={ambienceMessages.dismiss}
            onClick={() => ambience.send({ type: 'refusal.dismiss' })}
          >
            ×
          </button>
        </p>
      )}
      <div className="ambience-panel__options">
        <label className="ambience-panel__name-field">
          {ambienceMessages.trackName}
          <input
            type="text"
            maxLength={100}
            value={trackName}
            onChange={(event) => setTrackName(event.target.value)}
          />
        </label>
        <label>
          <input type="checkbox" checked={loop} onChange={(event) => setLoop(event.target.checked)} />
          {ambienceMessages.loop}
        </label>
        <label>
          {ambienceMessages.fadeIn}
          <input
            type="number"
            min={0}
            max={600}
            value={fadeIn}
            onChange={(event) => setFadeIn(event.target.value)}
          />
        </label>
        <label>
          {ambienceMessages.fadeOut}
          <input
            type="number"
            min={0}
            max={600}
            value={fadeOut}
            onChange={(event) => setFadeOut(event.target.value)}
          />
        </label>
        <label>
          {ambienceMessages.masterVolume}
          <input
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={volume}
            onChange={(event) => setVolume(Number(event.target.value))}
          />
        </label>
      </div>
      <section aria-label={ambienceMessages.playing}>
        <h3>{ambienceMessages.playing}</h3>
        {Object.keys(tracks).length === 0 && (
          <p className="ambience-panel__empty">{ambienceMessages.nothingPlays}</p>
        )}
        <ul className="ambience-panel__tracks">
          {Object.values(tracks).map((track) => (
            <li key={track.id} className="ambience-panel__track">
              <span className="ambience-panel__name">
                {track.name}
                {track.endsAt !== null
                  ? ` — ${ambienceMessages.ending}`
                  : track.pausedAt !== null
                    ? ` — ${ambienceMessages.paused}`
                    : ''}
              </span>
              <input
                type="range"
                min={0}
                max={1}
                step={0.05}
                aria-label={ambienceMessages.trackVolume(track.name)}
                value={levels[track.id] ?? track.volume.to}
                onChange={(event) => setLevels({ ...levels, [track.id]: Number(event.target.value) })}
              />
              <button
                type="button"
                className="secondary"
                onClick={() =>
                  ambience.send({
                    type: 'ambience.change',
                    change: { kind: track.pausedAt === null ? 'pause' : 'resume', trackId: track.id },
                  })
                }
              >
                {track.pausedAt === null ? ambienceMessages.pause : ambienceMessages.resume}
              </button>
              <button
                type="button"
                onClick={() =>
                  ambience.send({
                    type: 'ambience.change',
                    change: { kind: 'stop', trackId: track.id, fadeOut: seconds(fadeOut) },
                  })
                }
              >
                {ambienceMessages.stop}
              </button>
              <label>
                <input
                  type="checkbox"
                  checked={track.loop}
                  onChange={(event) =>
                    ambience.send({
                      type: 'ambience.change',
                      change: { kind: 'loop', trackId: track.id, loop: event.target.checked },
                    })
                  }
                />
                {ambienceMessages.loop}
              </label>
              <button
                type="button"
                className="secondary"
                onClick={() =>
                  ambience.send({
                    type: 'ambience.change',
                    change: {
                      kind: 'fade',
                      trackId: track.id,
                      volume: levels[track.id] ?? track.volume.to,
                      seconds: seconds(fadeIn),
                    },
                  })
                }
              >
                {ambienceMessages.fade}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-label={ambienceMessages.sounds}>
        <h3>{ambienceMessages.sounds}</h3>
        {sounds.length === 0 && <p className="ambience-panel__empty">{ambienceMessages.noSounds}</p>}
        <ul className="ambience-panel__sounds">
          {sounds.map((file) => (
            <li key={file.id}>
              <span>{soundName(file)}</span>
              <button type="button" onClick={() => play({ kind: 'file', fileId: file.id }, soundName(file))}>
                {ambienceMessages.play}
              </button>
            </li>
          ))}
        </ul>
        <label className="ambience-panel__upload">
          {ambienceMessages.upload}
          <input
            type="file"
            accept="audio/ogg,audio/mpeg,.ogg,.oga,.mp3"
            disabled={upload !== null}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) ambience.send({ type: 'library.upload', file });
              event.target.value = '';
            }}
          />
        </label>
        {upload && (
          <progress aria-label={ambienceMessages.uploading} max={upload.total} value={upload.loaded} />
        )}
      </section>
      <form
        className="ambience-panel__link"
        onSubmit={(event) => {
          event.preventDefault();
          play({ kind: 'link', url: link.trim() }, link.trim().split('/').at(-1) || link);
        }}
      >
        <label>
          {ambienceMessages.link}
          <input
            type="url"
            required
            placeholder="https://"
            value={link}
            onChange={(event) => setLink(event.target.value)}
          />
        </label>
        <button type="submit">{ambienceMessages.playLink}</button>
      </form>
    </aside>
  );
}
