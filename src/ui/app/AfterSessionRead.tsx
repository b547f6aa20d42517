import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useAppActors } from './AppActorsContext';
import { PageLoading } from './PageBoundary';

/**
 * Holds a screen whose calls need the session until the auth machine has read the stored one: a
 * call leaving earlier could carry no token, or one the check is about to renew.
 */
export function AfterSessionRead({ children }: { children: ReactNode }) {
  const { auth } = useAppActors();
  const reading = useSelector(auth, (snapshot) => snapshot.hasTag('reading session'));
  return reading ? <PageLoading /> : children;
}
