import { useMemo } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { BASE_PATH } from '../../api/paths';
import { AfterSessionRead } from './AfterSessionRead';
import { CHUNK_LOAD_TIMEOUT_MS, lazyWithTimeout } from './lazy-with-timeout';
import { PageBoundary } from './PageBoundary';
import { appRoutes, type AppRoute } from './routes';

export function AppRoutes({ routes = appRoutes }: { routes?: AppRoute[] }) {
  const pages = useMemo(
    () =>
      routes.map(({ path, load, needsSession = false }) => ({
        path,
        needsSession,
        Page: lazyWithTimeout(load, CHUNK_LOAD_TIMEOUT_MS),
      })),
    [routes],
  );
  return (
    <Routes>
      {pages.map(({ path, needsSession, Page }) => (
        <Route
          key={path}
          path={path}
          element={
            <PageBoundary>
              {needsSession ? (
                <AfterSessionRead>
                  <Page />
                </AfterSessionRead>
              ) : (
                <Page />
              )}
            </PageBoundary>
          }
        />
      ))}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter basename={BASE_PATH}>
      <AppRoutes />
    </BrowserRouter>
  );
}
