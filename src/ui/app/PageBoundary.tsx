import { Component, Suspense, useLayoutEffect, type ReactNode } from 'react';
import { appMessages } from './messages';

function LoadFailure() {
  return (
    <div className="load-failure" role="alert">
      <p>{appMessages.loadFailed}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {appMessages.reload}
      </button>
    </div>
  );
}

export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <span className="visually-hidden">{appMessages.loading}</span>
    </div>
  );
}

/** The app shell of index.html stands in for the first screen until that screen has drawn itself. */
function ReplacingAppShell({ children }: { children: ReactNode }) {
  useLayoutEffect(() => document.getElementById('app-shell')?.remove(), []);
  return children;
}

/**
 * Around every lazily loaded screen: a spinner while its code arrives, and the reload advice when
 * it never does. React keeps a failed lazy import failed, so reloading is the only way out.
 */
export class PageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('Échec du chargement de la page', error);
  }

  override render() {
    if (this.state.failed) return <LoadFailure />;
    return (
      <Suspense fallback={<PageLoading />}>
        <ReplacingAppShell>{this.props.children}</ReplacingAppShell>
      </Suspense>
    );
  }
}
