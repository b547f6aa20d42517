import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { createThemeAudio } from '../../../effects/audio';
import { afterNextFrame } from '../../../effects/next-frame';
import { backgroundAudioMachine } from '../../../machines/background-audio.machine';
import { landingAnimationMachine } from '../../../machines/landing-animation.machine';
import { endShellHandover, shellHandover } from '../first-visit/first-visit-shell';
import { AudioControls } from './AudioControls';
import { CentralLogo, useEntrance } from './CentralLogo';
import { sceneMessages } from './messages';
import { ParticleField } from './ParticleField';
import { PlayerInfoBar } from './PlayerInfoBar';
import './LandingScene.css';

export interface LandingSceneProps {
  /** Fired once the entrance animation has played (or at once without animation). */
  onJoin: () => void;
  /** Fired when the entrance starts: time to fetch what it leads to while it plays. */
  onEntranceStart?: () => void;
  /** Shown in the player-info bar; no bar without a name. */
  playerName?: string | null;
  /** The bar's up-arrow; no arrow without it. */
  onBack?: () => void;
  /** Whether to show, under the emblem, the button that says how to enter and does what it does. */
  invite?: boolean;
  /** Layered above the sky and the logo: the login and registration overlays, the top buttons. */
  children?: ReactNode;
}

/**
 * The landing screen's stage: the particle sky, the central logo that opens the way in, the
 * theme music with its controls and the player-info bar. It owns the entrance animation and the
 * background audio, whatever the screen puts on top. It works held portrait: only the game table
 * needs a landscape screen, so only it asks for one (PortraitOverlay).
 */
export function LandingScene(props: LandingSceneProps) {
  const { onJoin, onEntranceStart, playerName, onBack, invite = false, children } = props;
  // A first visit's shell ran the sky and took the first gestures: the scene goes on from there.
  const [shell] = useState(shellHandover);
  // @xstate/react hands the latest implementations to the running actor on every render.
  const animation = useActorRef(
    landingAnimationMachine.provide({ actions: { 'fire join': () => onJoin() } }),
    { input: { begun: shell?.entrance ?? undefined } },
  );
  const [theme] = useState(createThemeAudio);
  const audio = useActorRef(
    backgroundAudioMachine.provide({ actions: theme.actions, actors: theme.actors }),
    {
      input: shell?.audio ?? {},
    },
  );
  const stage = useRef<HTMLElement>(null);
  // The shell works until this mount: what the visitor did on it since the first render is caught up.
  useLayoutEffect(() => {
    const ended = endShellHandover();
    if (!shell || !ended) return;
    if (ended.focused !== null) stage.current?.querySelector<HTMLElement>(ended.focused)?.focus();
    if (!shell.entrance && ended.entrance)
      animation.send({ type: 'landing.click', animate: ended.entrance.animate });
    if (!shell.audio.gestured && ended.audio.gestured) audio.send({ type: 'audio.gesture', position: 0 });
    if (ended.audio.volume !== shell.audio.volume)
      audio.send({ type: 'audio.volume', value: ended.audio.volume });
    if (ended.audio.muted !== shell.audio.muted) audio.send({ type: 'audio.mute.toggle' });
  }, [shell, animation, audio]);
  const step = useSelector(animation, (snapshot) => snapshot.value);
  const [logoHovered, setLogoHovered] = useState(false);
  // Once per entrance, even one the shell began, whose collapse may be over when the scene mounts.
  const entering = step === 'collapsing' || step === 'expanding';
  useEffect(() => {
    if (entering) onEntranceStart?.();
  }, [entering, onEntranceStart]);
  const drawn = useDrawnAfterShell();

  return (
    // The page's one landmark around everything: the sky's controls are the page's content too.
    <main ref={stage} className="landing-scene" data-animation={step} data-drawn={drawn || undefined}>
      <ParticleField animation={animation} gathering={logoHovered} running={shell?.particles} />
      <CentralLogo animation={animation} onHoverChange={setLogoHovered} />
      {/* Gone while the entrance plays: the sky is the show then. */}
      {invite && (step === 'idle' || step === 'joined') && <EntranceInvitation animation={animation} />}
      <div className="landing-scene__content">{children}</div>
      <PlayerInfoBar playerName={playerName} onBack={onBack} />
      <AudioControls audio={audio} audioRef={theme.attach} />
    </main>
  );
}

/**
 * Whether the scene has drawn itself once: at once, except when it takes over from the app shell of
 * index.html. Until then its layers are hidden and the lobby does not move the emblem
 * (LandingScene.css, home.css), so that its emblem is first drawn where the shell drew it. Chromium
 * sizes an image for the largest contentful paint once, at its first paint, with the margin of its
 * drop shadow and every transform: drawn first inside the lobby's rise, whose scale widens that
 * margin too, the scene's emblem outweighed the shell's (82,112 against 67,045 px² on Lighthouse's
 * phone) and became the page's largest paint, seconds after the first.
 */
function useDrawnAfterShell(): boolean {
  const [drawn, setDrawn] = useState(() => document.getElementById('app-shell') === null);
  useEffect(() => {
    if (!drawn) return afterNextFrame(() => setDrawn(true));
  }, [drawn]);
  return drawn;
}

/**
 * A visitor's way in, said in words: the emblem alone did not tell a first visitor to click it.
 * The button starts the same entrance as the emblem (platform.md §2), animation included.
 */
function EntranceInvitation({ animation }: { animation: ActorRefFrom<typeof landingAnimationMachine> }) {
  const enter = useEntrance(animation);
  return (
    <div className="landing-scene__invitation">
      <button type="button" onClick={enter}>
        {sceneMessages.callToAction}
      </button>
      <p>{sceneMessages.callToActionHint}</p>
    </div>
  );
}
