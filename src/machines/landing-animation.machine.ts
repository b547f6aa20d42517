import { assign, setup } from 'xstate';

/** How long the particles rush to the centre before the burst (spec §9: 500 ms then 1000 ms). */
export const LANDING_COLLAPSE_MS = 500;
/** How long the particles burst outward and turn yellow before the join action fires. */
export const LANDING_EXPAND_MS = 1000;

/** An entrance the page began before this machine ran: clicked that long ago, animated or not. */
export interface BegunEntrance {
  animate: boolean;
  elapsedMs: number;
}

export interface LandingAnimationContext {
  /** Set from the input until the entrance it tells of has taken over the collapse. */
  begun: BegunEntrance | null;
}

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
 *
 * A first visit's click can come before the app's code (the page's shell starts the collapse on
 * its own): the input tells of that entrance, which then goes on from where the shell has taken
 * it, its collapse shortened by the time it has already played.
 */
export const landingAnimationMachine = setup({
  types: {
    context: {} as LandingAnimationContext,
    events: {} as LandingAnimationEvent,
    input: {} as { begun?: BegunEntrance },
  },
  actions: {
    // Provided by the view: whatever "entering the realm" means there (opening the login overlay…).
    'fire join': () => {},
    'forget the begun entrance': assign({ begun: null }),
  },
  guards: {
    'animation is declined': ({ event }) => event.type === 'landing.click' && event.animate === false,
    'an entrance has begun': ({ context }) => context.begun !== null,
    'an entrance has begun without animation': ({ context }) => context.begun?.animate === false,
  },
  delays: {
    animationCollapse: ({ context }) => Math.max(0, LANDING_COLLAPSE_MS - (context.begun?.elapsedMs ?? 0)),
    animationExpand: LANDING_EXPAND_MS,
  },
}).createMachine({
  id: 'landingAnimation',
  context: ({ input }) => ({ begun: input.begun ?? null }),
  initial: 'idle',
  on: {
    'landing.reset': { target: '.idle' },
  },
  states: {
    idle: {
      always: [
        {
          guard: 'an entrance has begun without animation',
          target: 'joined',
          actions: 'forget the begun entrance',
        },
        { guard: 'an entrance has begun', target: 'collapsing' },
      ],
      on: {
        'landing.click': [{ guard: 'animation is declined', target: 'joined' }, { target: 'collapsing' }],
      },
    },
    collapsing: {
      // No 'landing.click' here nor in expanding: clicks during the animation are ignored.
      after: { animationCollapse: { target: 'expanding' } },
      exit: 'forget the begun entrance',
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
