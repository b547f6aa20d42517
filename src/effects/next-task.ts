/**
 * Resolves with `value` in a task of its own, so the work that follows does not lengthen this one.
 * Kept free of RxJS: the boot module uses it before any of the app's code has loaded.
 */
export function afterThisTask<T>(value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), 0));
}
