import { lazy, type ComponentType } from 'react';

/** platform.md §9: how long a screen's code may take to arrive. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeout extends Error {
  override readonly name = 'ChunkLoadTimeout';
}

/** Settles like `promise`, or fails with ChunkLoadTimeout once `timeoutMs` has passed. */
export function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadTimeout(`Chargement interrompu après ${timeoutMs} ms`)),
      timeoutMs,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * A lazily loaded screen that gives up after `timeoutMs`: a stalled network then shows the
 * failure screen (PageBoundary) instead of an endless wait.
 */
export function lazyWithTimeout<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  timeoutMs: number,
) {
  return lazy(() => withTimeout(load(), timeoutMs));
}
