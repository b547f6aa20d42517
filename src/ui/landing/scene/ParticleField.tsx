import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
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

/** The full-screen particle sky behind the landing screen (decorative, hidden from assistive tech). */
export function ParticleField(props: { animation: LandingAnimation; gathering: boolean }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const loopRef = useRef<ParticleLoop | null>(null);
  const mode = useSelector(props.animation, (snapshot) => particleMode(snapshot, props.gathering));
  const still = usePrefersReducedMotion();
  // The loop starts with the mode of its time and hears of every change after.
  const modeRef = useRef(mode);
  useEffect(() => {
    modeRef.current = mode;
    loopRef.current?.setMode(mode);
  }, [mode]);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const loop = startParticleLoop(host, { still, mode: modeRef.current });
    loopRef.current = loop;
    return () => {
      loopRef.current = null;
      loop.stop();
    };
  }, [still]);

  return <div ref={hostRef} className="particle-field" aria-hidden="true" />;
}
