import type { ComponentType } from 'react';

export interface AppRoute {
  path: string;
  /** The screen's module; its default export is the page. */
  load: () => Promise<{ default: ComponentType }>;
  /** The screen calls the server as the signed-in user from its first render. */
  needsSession?: boolean;
}

/**
 * The screens of platform.md §2 built so far, each loaded on first visit. A new screen is one line
 * here; an unknown address goes home (AppRoutes).
 */
export const appRoutes: AppRoute[] = [
  { path: '/', load: () => import('../landing/LandingPage') },
  { path: '/auth/callback', load: () => import('../auth-callback/AuthCallbackPage') },
  { path: '/game', load: () => import('../game/GamePage'), needsSession: true },
  { path: '/game/replay', load: () => import('../replay/ReplayPage'), needsSession: true },
  { path: '/creation', load: () => import('../creation/CreationPage'), needsSession: true },
  { path: '/view', load: () => import('../sheet/SheetPage'), needsSession: true },
  { path: '/admin', load: () => import('../admin/GlobalStorePage'), needsSession: true },
  { path: '/admin/game', load: () => import('../admin/GameAdminPage'), needsSession: true },
  { path: '/admin/monitoring', load: () => import('../monitoring/MonitoringPage'), needsSession: true },
  {
    path: '/admin/performance-analysis',
    load: () => import('../monitoring/PerformanceAnalysisPage'),
    needsSession: true,
  },
];
