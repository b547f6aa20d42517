import { Observable } from 'rxjs';

/** Emits once, when the browser next has nothing better to do: for work that must not delay the page. */
export const idle$ = new Observable<void>((subscriber) => {
  const done = () => {
    subscriber.next();
    subscriber.complete();
  };
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(done);
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(done, 0);
  return () => clearTimeout(handle);
});
