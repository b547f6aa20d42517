import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { SessionUser } from '../../domain/roles';
import { useAppActors } from '../app/AppActorsContext';
import { adminMessages } from './messages';
import './admin.css';

/**
 * The admin pages (platform.md §2): shown to admins only; visitors and other roles go home. The
 * server refuses their calls anyway: this only spares them a page of failures.
 */
export function AdminOnly({ children }: { children: (user: SessionUser) => ReactNode }) {
  const { auth } = useAppActors();
  const { settling, user } = useSelector(auth, (s) => ({
    settling: s.matches('loading') || s.matches('verifying'),
    user: s.context.user,
  }));
  if (settling) return <p className="admin-page__hint">{adminMessages.loading}</p>;
  if (user === null || user.role !== 'admin') return <Navigate to="/" replace />;
  return children(user);
}
