import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ambienceMachine } from '../../machines/ambience.machine';
import { speakerPath, volumeText, wavesPath } from '../landing/scene/audio-controls-look';
import { ambienceMessages } from './messages';

/**
 * Every player's own say over the ambience: their volume, silence and the dice's sound, kept in
 * their browser; « Activer le son » once the browser refused to start a track before a click.
 */
export function AmbienceControls({ ambience }: { ambience: ActorRefFrom<typeof ambienceMachine> }) {
  const listener = useSelector(ambience, (snapshot) => snapshot.context.listener);
  const blocked = useSelector(ambience, (snapshot) => snapshot.matches({ sound: 'blocked' }));
  return (
    <div className="ambience-controls" role="group" aria-label={ambienceMessages.listener}>
      {blocked && (
        <button
          type="button"
          className="ambience-controls__unlock"
          title={ambienceMessages.blocked}
          onClick={() => ambience.send({ type: 'audio.unlock' })}
        >
          {ambienceMessages.unlock}
        </button>
      )}
      <button
        type="button"
        className="secondary ambience-controls__mute"
        aria-pressed={listener.muted}
        aria-label={listener.muted ? ambienceMessages.unmute : ambienceMessages.mute}
        title={listener.muted ? ambienceMessages.unmute : ambienceMessages.mute}
        onClick={() => ambience.send({ type: 'listener.mute.toggle' })}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path className="ambience-controls__speaker" d={speakerPath} />
          <path className="ambience-controls__waves" d={wavesPath(listener.muted || listener.volume === 0)} />
        </svg>
      </button>
      <input
        type="range"
        min={0}
        max={1}
        step={0.01}
        aria-label={ambienceMessages.ownVolume}
        aria-valuetext={volumeText(listener.volume)}
        value={listener.volume}
        onChange={(event) => ambience.send({ type: 'listener.volume', value: Number(event.target.value) })}
      />
      <label className="ambience-controls__dice">
        <input
          type="checkbox"
          checked={listener.dice}
          onChange={() => ambience.send({ type: 'listener.dice.toggle' })}
        />
        {ambienceMessages.dice}
      </label>
    </div>
  );
}
