import { useSelector } from '@xstate/react';
import { useId, useRef, type ToggleEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ambienceMachine } from '../../machines/ambience.machine';
import { speakerPath, volumeText, wavesPath } from '../landing/scene/audio-controls-look';
import { ambienceMessages } from './messages';

/** Room kept between the panel and the window's edges, and below its button. */
const EDGE_PX = 8;

function Speaker({ silent }: { silent: boolean }) {
  return (
    <svg className="sound-control__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path className="sound-control__speaker" d={speakerPath} />
      <path className="sound-control__waves" d={wavesPath(silent)} />
    </svg>
  );
}

/**
 * Every player's own say over the ambience behind one « Son » button: their volume, silence and
 * the dice's sound, kept in their browser. The panel is a popover: in the top layer, so the
 * toolbar's scrolling row does not clip it; the browser closes it on Escape or a click elsewhere
 * and gives the focus back to the button. « Activer le son » stays beside the button, where it is
 * seen without opening anything, once the browser refused to start a track before a click.
 */
export function AmbienceControls({ ambience }: { ambience: ActorRefFrom<typeof ambienceMachine> }) {
  const listener = useSelector(ambience, (snapshot) => snapshot.context.listener);
  const blocked = useSelector(ambience, (snapshot) => snapshot.matches({ sound: 'blocked' }));
  const panelId = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const volume = useRef<HTMLInputElement>(null);
  const silent = listener.muted || listener.volume === 0;

  // Under its button, kept inside the window; the focus goes to the first setting.
  const placeAndFocus = (event: ToggleEvent<HTMLDivElement>) => {
    if (event.newState !== 'open' || !opener.current) return;
    const panel = event.currentTarget;
    const button = opener.current.getBoundingClientRect();
    const widest = window.innerWidth - panel.offsetWidth - EDGE_PX;
    panel.style.top = `${button.bottom + EDGE_PX / 2}px`;
    panel.style.left = `${Math.max(EDGE_PX, Math.min(button.left, widest))}px`;
    volume.current?.focus();
  };

  return (
    <div className="sound-control">
      {blocked && (
        <button
          type="button"
          className="sound-control__unlock"
          title={ambienceMessages.blocked}
          onClick={() => ambience.send({ type: 'audio.unlock' })}
        >
          {ambienceMessages.unlock}
        </button>
      )}
      <button
        ref={opener}
        type="button"
        className="secondary sound-control__open"
        popoverTarget={panelId}
        aria-haspopup="dialog"
        aria-controls={panelId}
      >
        <Speaker silent={silent} />
        {ambienceMessages.listener}
      </button>
      <div
        id={panelId}
        popover="auto"
        role="dialog"
        aria-label={ambienceMessages.listener}
        className="sound-control__panel"
        onToggle={placeAndFocus}
      >
        <label className="sound-control__volume">
          {ambienceMessages.ownVolume}
          <input
            ref={volume}
            type="range"
            min={0}
            max={1}
            step={0.01}
            aria-valuetext={volumeText(listener.volume)}
            value={listener.volume}
            onChange={(event) =>
              ambience.send({ type: 'listener.volume', value: Number(event.target.value) })
            }
          />
        </label>
        <button
          type="button"
          className="secondary sound-control__mute"
          onClick={() => ambience.send({ type: 'listener.mute.toggle' })}
        >
          <Speaker silent={!listener.muted} />
          {listener.muted ? ambienceMessages.unmute : ambienceMessages.mute}
        </button>
        <label className="sound-control__dice">
          <input
            type="checkbox"
            checked={listener.dice}
            onChange={() => ambience.send({ type: 'listener.dice.toggle' })}
          />
          {ambienceMessages.dice}
        </label>
      </div>
    </div>
  );
}
