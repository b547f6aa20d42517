import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { landingAnimationMachine } from '../../../machines/landing-animation.machine';
import { startParticleLoop, type ParticleLoop } from './particle-loop';
import type { ParticleMode } from './particles';
import { usePrefersReducedMotion } from './reduced-motion';
import './ParticleField.css';

type LandingAnimation = ActorRefFrom<typeof landingAnimationMachine>;

/** What the particles do for each step of the entrance; hovering the logo gathers them at rest. */
function particleMode(
  snapshot: SnapshotFrom<typeof landingAnimationMachine>,
  gathering: boolean,
): ParticleMode {
  if (snapshot.matches('collapsing')) return 'collapse';
  if (snapshot.matches('expanding')) return 'expand';
  if (gathering) return 'gather';
  return snapshot.matches('joined') ? 'afterglow' : 'drift';
}

function takeOverOrStart(
  host: HTMLElement,
  running: { loop: ParticleLoop; still: boolean } | undefined,
  options: { still: boolean; mode: ParticleMode },
): ParticleLoop {
  if (running?.still !== options.still) {
    running?.loop.stop();
    return startParticleLoop(host, options);
  }
  running.loop.moveTo(host);
  running.loop.setMode(options.mode);
  return running.loop;
}

/**
 * The full-screen particle sky behind the landing screen (decorative, hidden from assistive tech).
 * A sky already `running` (the first visit's shell) is taken over rather than started anew, unless
 * it was started still and the scene wants motion, or the other way round.
 */
export function ParticleField(props: {
  animation: LandingAnimation;
  gathering: boolean;
  running?: { loop: ParticleLoop; still: boolean };
}) {
  const hostRef = useRef<HTMLDivElement>(null);
  const loopRef = useRef<ParticleLoop | null>(null);
  const runningRef = useRef(props.running);
  const mode = useSelector(props.animation, (snapshot) => particleMode(snapshot, props.gathering));
  const still = usePrefersReducedMotion();
  // The loop starts with the mode of its time and hears of every change after.
  const modeRef = useRef(mode);
  useEffect(() => {
    modeRef.current = mode;
    loopRef.current?.setMode(mode);
  }, [mode]);

  // Before paint, and before the page removes the shell the running sky's canvas still sits in.
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const loop = takeOverOrStart(host, runningRef.current, { still, mode: modeRef.current });
    runningRef.current = undefined;
    loopRef.current = loop;
    return () => {
      loopRef.current = null;
      loop.stop();
    };
  }, [still]);

  return <div ref={hostRef} className="particle-field" aria-hidden="true" />;
}
