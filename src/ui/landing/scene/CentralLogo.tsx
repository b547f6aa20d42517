import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { landingAnimationMachine } from '../../../machines/landing-animation.machine';
import logoUrl from './logo.svg';
import { sceneMessages } from './messages';
import { usePrefersReducedMotion } from './reduced-motion';
import './CentralLogo.css';

/** What a click on the emblem does: the entrance, animated unless the visitor asked for less motion. */
export function useEntrance(animation: ActorRefFrom<typeof landingAnimationMachine>): () => void {
  const reducedMotion = usePrefersReducedMotion();
  return () => animation.send({ type: 'landing.click', animate: !reducedMotion });
}

/**
 * The emblem at the centre of the sky: clicking it starts the entrance (at once, without the
 * animation, for visitors who asked for less motion). Hover and keyboard focus are reported up so
 * the particles can gather around it.
 */
export function CentralLogo(props: {
  animation: ActorRefFrom<typeof landingAnimationMachine>;
  onHoverChange: (hovered: boolean) => void;
}) {
  const { animation, onHoverChange } = props;
  const step = useSelector(animation, (snapshot) => snapshot.value);
  const enter = useEntrance(animation);
  const animating = step === 'collapsing' || step === 'expanding';

  return (
    <button
      type="button"
      className="central-logo"
      data-animation={step}
      aria-label={sceneMessages.enter}
      aria-busy={animating}
      onClick={enter}
      onPointerEnter={() => onHoverChange(true)}
      onPointerLeave={() => onHoverChange(false)}
      onFocus={() => onHoverChange(true)}
      onBlur={() => onHoverChange(false)}
    >
      <img className="central-logo__image" src={logoUrl} alt="" draggable={false} />
    </button>
  );
}
