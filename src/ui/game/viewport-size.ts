import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
const width = () => window.innerWidth;
const height = () => window.innerHeight;

/** The window's inner size, followed as it changes (a resized window, a turned tablet). */
export function useViewportSize(): { width: number; height: number } {
  return { width: useSyncExternalStore(subscribe, width), height: useSyncExternalStore(subscribe, height) };
}
