import { useSelector } from '@xstate/react';
import { useState, type KeyboardEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { eveningName } from '../../domain/table/evenings';
import { numberFights } from '../../domain/table/turn-marks';
import { REPLAY_SPEEDS, type replayMachine, type ReplaySpeed } from '../../machines/replay.machine';
import { replayTexts as texts } from './messages';

export type ReplayActor = ActorRefFrom<typeof replayMachine>;

/**
 * The replay's controls: the position slider (arrows step, Home and End go to the ends), play and
 * pause (Space toggles), one step, the speed, and the marks to jump to. Everything is sent to the
 * machine; this only reads it.
 */
export function ReplayTimeline({ replay }: { replay: ReplayActor }) {
  const seq = useSelector(replay, (snapshot) => snapshot.context.seq);
  const marks = useSelector(replay, (snapshot) => snapshot.context.marks);
  const speed = useSelector(replay, (snapshot) => snapshot.context.speed);
  const playing = useSelector(replay, (snapshot) => snapshot.matches('playing'));
  // While a point loads, a move of the slider is not taken: the machine answers the one before first.
  const busy = useSelector(
    replay,
    (snapshot) =>
      snapshot.matches('loading') ||
      snapshot.matches('seeking') ||
      snapshot.matches('seekingTime') ||
      snapshot.matches('stepping'),
  );
  const [time, setTime] = useState('');
  const head = marks?.head ?? 0;
  const toggleOnSpace = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== ' ') return;
    const target = event.target as HTMLElement;
    // A button or a field keeps its own Space; the slider and the panel itself toggle the playback.
    if (target.matches('button, select, input:not([type="range"]), summary')) return;
    event.preventDefault();
    replay.send({ type: 'replay.toggle' });
  };
  return (
    <section
      className="replay-timeline"
      aria-label={texts.timeline}
      aria-busy={busy}
      aria-keyshortcuts="Space"
      onKeyDown={toggleOnSpace}
    >
      <div className="replay-timeline__bar">
        <button
          type="button"
          className="primary"
          aria-keyshortcuts="Space"
          onClick={() => replay.send({ type: playing ? 'replay.pause' : 'replay.play' })}
        >
          {playing ? texts.pause : texts.play}
        </button>
        <button type="button" className="secondary" onClick={() => replay.send({ type: 'replay.step' })}>
          {texts.step}
        </button>
        <label className="replay-timeline__speed">
          {texts.speed}
          <select
            value={speed}
            onChange={(event) =>
              replay.send({ type: 'replay.speed', speed: Number(event.target.value) as ReplaySpeed })
            }
          >
            {REPLAY_SPEEDS.map((option) => (
              <option key={option} value={option}>
                {texts.speedOf(option)}
              </option>
            ))}
          </select>
        </label>
        <output className="replay-timeline__where" aria-live="off">
          {texts.positionOf(seq, head)}
        </output>
      </div>
      <label className="replay-timeline__slider">
        <span>{texts.position}</span>
        <input
          type="range"
          min={0}
          max={head}
          step={1}
          value={seq}
          aria-valuetext={texts.positionOf(seq, head)}
          onChange={(event) => replay.send({ type: 'replay.seek', seq: Number(event.target.value) })}
        />
      </label>
      <div className="replay-timeline__marks">
        <nav aria-label={texts.evenings}>
          {marks && marks.evenings.length === 0 ? (
            <p className="replay-panel__empty">{texts.noEvening}</p>
          ) : (
            <ul className="replay-timeline__evenings">
              {marks?.evenings.map((evening) => (
                <li key={evening.number}>
                  <button
                    type="button"
                    className="secondary"
                    aria-current={evening.firstSeq <= seq && seq <= evening.lastSeq ? 'true' : undefined}
                    onClick={() => replay.send({ type: 'replay.seek', seq: evening.firstSeq })}
                  >
                    {eveningName(evening)}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </nav>
        {marks && marks.turns.length > 0 && (
          <label className="replay-timeline__turns">
            {texts.turns}
            <select
              value=""
              onChange={(event) => replay.send({ type: 'replay.seek', seq: Number(event.target.value) })}
            >
              <option value="" disabled>
                {texts.chooseTurn}
              </option>
              {numberFights(marks.turns).map((turn) => (
                <option key={turn.seq} value={turn.seq}>
                  {texts.turnOf(turn.fight, turn.round, turn.createdAt)}
                </option>
              ))}
            </select>
          </label>
        )}
        <form
          className="replay-timeline__time"
          onSubmit={(event) => {
            event.preventDefault();
            const at = new Date(time);
            if (!Number.isNaN(at.getTime())) replay.send({ type: 'replay.seekTime', at: at.toISOString() });
          }}
        >
          <label>
            {texts.time}
            <input
              type="datetime-local"
              step={1}
              value={time}
              onChange={(event) => setTime(event.target.value)}
            />
          </label>
          <button type="submit" className="secondary">
            {texts.go}
          </button>
        </form>
      </div>
    </section>
  );
}
