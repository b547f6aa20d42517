import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { landingAnimationMachine } from '../../../machines/landing-animation.machine';
import { startParticleLoop } from './particle-loop';
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
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const mode = useSelector(props.animation, (snapshot) => particleMode(snapshot, props.gathering));
  const still = usePrefersReducedMotion();
  // The loop reads the mode every frame; keeping it in a ref avoids restarting the loop.
  const modeRef = useRef(mode);
  useEffect(() => {
    modeRef.current = mode;
  }, [mode]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    return startParticleLoop(canvas, { still, mode: () => modeRef.current });
  }, [still]);

  return <canvas ref={canvasRef} className="particle-field" aria-hidden="true" />;
}
