import { LandingHome } from './LandingHome';
import { LandingScene } from './scene/LandingScene';

export default function LandingPage() {
  return <LandingHome Scene={LandingScene} />;
}
