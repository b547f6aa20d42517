import { lazy, type ComponentType } from 'react';
import type { NavigateFunction } from 'react-router-dom';
import type { RoleRequirement } from '../../domain/roles';
import type { AppActors } from '../app/app-actors';
import { profileMessages } from '../profile/messages';
import { PROFILE_MODAL } from '../profile/profile-modal-address';
import { landingMessages } from './messages';

export type TopBarButton = {
  id: string;
  label: string;
  /** Who sees it (platform.md §6: 'any' is anyone signed in). */
  requires: RoleRequirement;
} & (
  | { press: (app: { actors: AppActors; navigate: NavigateFunction }) => void }
  /** A button that brings its own view (a badge, the dialog it opens), loaded on first show. */
  | { View: ComponentType }
);

/**
 * The home screen's top buttons in the spec's order: profile, friends and invitations, admin,
 * monitoring and performance analysis (admin role only), logout. Each screen that brings one adds
 * it here, in one line, before logout.
 */
export const topBarButtons: readonly TopBarButton[] = [
  {
    id: 'profile',
    label: profileMessages.topBarButton,
    requires: 'any',
    press: ({ navigate }) => navigate(`/?modal=${PROFILE_MODAL}`),
  },
  { id: 'friends', label: 'Amis', requires: 'any', View: lazy(() => import('../social/FriendsButton')) },
  { id: 'admin', label: 'Admin', requires: 'admin', press: ({ navigate }) => navigate('/admin') },
  {
    id: 'monitoring',
    label: landingMessages.monitoring,
    requires: 'admin',
    press: ({ navigate }) => navigate('/admin/monitoring'),
  },
  {
    id: 'performance-analysis',
    label: landingMessages.performanceAnalysis,
    requires: 'admin',
    press: ({ navigate }) => navigate('/admin/performance-analysis'),
  },
  {
    id: 'logout',
    label: landingMessages.logout,
    requires: 'any',
    press: ({ actors }) => actors.auth.send({ type: 'auth.logout' }),
  },
];
