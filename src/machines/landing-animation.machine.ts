import { setup } from 'xstate';

/** How long the particles rush to the centre before the burst (spec §9: 500 ms then 1000 ms). */
export const LANDING_COLLAPSE_MS = 500;
/** How long the particles burst outward and turn yellow before the join action fires. */
export const LANDING_EXPAND_MS = 1000;

export type LandingAnimationEvent =
  /** `animate: false` (no animation requested, e.g. reduced motion) joins at once. */
  { type: 'landing.click'; animate?: boolean } | { type: 'landing.reset' };

/**
 * The landing screen's entrance: clicking the central logo plays a short collapse-then-burst of
 * the particle field and only then lets the player in, so the join feels like stepping through a
 * gate rather than a plain button press. The machine owns the timing and the rule that clicks are
 * ignored while the animation runs, so the canvas merely paints whatever state it is told and the
 * join action fires exactly once per entrance. Without animation the join fires at once. After a
 * join the logo can be clicked again (the overlays above it may have been closed), and
 * `landing.reset` brings the field back to rest.
 */
export const landingAnimationMachine = setup({
  types: {
    events: {} as LandingAnimationEvent,
  },
  actions: {
    // Provided by the view: whatever "entering the realm" means there (opening the login overlay…).
    'fire join': () => {},
  },
  guards: {
    'animation is declined': ({ event }) => event.type === 'landing.click' && event.animate === false,
  },
  delays: {
    animationCollapse: LANDING_COLLAPSE_MS,
    animationExpand: LANDING_EXPAND_MS,
  },
}).createMachine({
  id: 'landingAnimation',
  initial: 'idle',
  on: {
    'landing.reset': { target: '.idle' },
  },
  states: {
    idle: {
      on: {
        'landing.click': [{ guard: 'animation is declined', target: 'joined' }, { target: 'collapsing' }],
      },
    },
    collapsing: {
      // No 'landing.click' here nor in expanding: clicks during the animation are ignored.
      after: { animationCollapse: { target: 'expanding' } },
    },
    expanding: {
      after: { animationExpand: { target: 'joined' } },
    },
    joined: {
      entry: 'fire join',
      on: {
        'landing.click': [
          { guard: 'animation is declined', target: 'joined', reenter: true },
          { target: 'collapsing' },
        ],
      },
    },
  },
});
