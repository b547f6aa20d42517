import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { SessionUser } from '../../domain/roles';
import { PROFILE_MODAL } from './profile-modal-address';

// The modal's forms and machines load when it opens, not with the home screen.
const ProfileModal = lazy(() =>
  import('./ProfileModal').then((module) => ({ default: module.ProfileModal })),
);

/** Opens the profile modal while the address asks for it (`?modal=profil`), so the top bar can. */
export function ProfileModalFromAddress({ user }: { user: SessionUser }) {
  const [params, setParams] = useSearchParams();
  if (params.get('modal') !== PROFILE_MODAL) return null;
  return (
    <Suspense fallback={null}>
      <ProfileModal
        user={user}
        onClose={() =>
          setParams((current) => {
            current.delete('modal');
            return current;
          })
        }
      />
    </Suspense>
  );
}
