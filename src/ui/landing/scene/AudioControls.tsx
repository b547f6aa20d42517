import { useSelector } from '@xstate/react';
import type { CSSProperties, Ref } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { backgroundAudioMachine } from '../../../machines/background-audio.machine';
import { speakerPath, volumeFill, volumeText, wavesPath } from './audio-controls-look';
import { sceneMessages } from './messages';
import './AudioControls.css';

const themeUrl = (extension: string) => `${import.meta.env.BASE_URL}audio/theme.${extension}`;

/**
 * The theme's <audio> element with its mute button and volume slider. Ogg comes first: Vorbis
 * loops without the small gap of MP3's encoder padding; browsers without Ogg take the MP3.
 */
export function AudioControls(props: {
  audio: ActorRefFrom<typeof backgroundAudioMachine>;
  audioRef: Ref<HTMLAudioElement>;
}) {
  const { audio, audioRef } = props;
  const volume = useSelector(audio, (snapshot) => snapshot.context.volume);
  const muted = useSelector(audio, (snapshot) => snapshot.context.muted);
  const silent = muted || volume === 0;

  return (
    <div className="audio-controls">
      <audio ref={audioRef}>
        <source src={themeUrl('ogg')} type="audio/ogg" />
        <source src={themeUrl('mp3')} type="audio/mpeg" />
        {sceneMessages.audioUnsupported}
      </audio>
      <button
        type="button"
        className="audio-controls__mute"
        aria-label={sceneMessages.mute}
        aria-pressed={muted}
        onClick={() => audio.send({ type: 'audio.mute.toggle' })}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path className="audio-controls__speaker" d={speakerPath} />
          <path className="audio-controls__waves" d={wavesPath(silent)} />
        </svg>
      </button>
      <input
        className="audio-controls__volume"
        type="range"
        min={0}
        max={1}
        step={0.01}
        value={volume}
        aria-label={sceneMessages.volume}
        aria-valuetext={volumeText(volume)}
        onChange={(event) => audio.send({ type: 'audio.volume', value: Number(event.currentTarget.value) })}
        style={{ '--volume': volumeFill(volume) } as CSSProperties}
      />
    </div>
  );
}
