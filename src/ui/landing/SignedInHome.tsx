import type { SessionUser } from '../../domain/roles';
import { ProfileModalFromAddress } from '../profile/ProfileModalFromAddress';
import { ModePanel } from './ModePanel';
import { TopBar } from './TopBar';

/** What a signed-in user gets over the sky: the top bar, the mode choice and their lobby, the profile. */
export default function SignedInHome({ user }: { user: SessionUser }) {
  return (
    <>
      <TopBar user={user} />
      <ModePanel user={user} />
      <ProfileModalFromAddress user={user} />
    </>
  );
}
