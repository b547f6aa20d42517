import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { Point } from '../../domain/geometry/geometry';

const FOCUSABLE = 'button:not(:disabled), [role="menuitem"], input, select, textarea';

/** Kept between a menu and the window's edge. */
const EDGE_PX = 8;

/**
 * A menu opened on the map, at a point of the window: drawn over the whole page,
 * never under a panel of the table nor clipped by the map's frame, and moved back inside the
 * window when it would spill over an edge (opened near the right or bottom, it opens towards the
 * left or the top). Escape or a press anywhere else closes it. Escape, from any of its fields (a
 * native `<select>` too, once the browser closed its list), gives the focus to `returnFocusTo`:
 * the menu leaves the page, and the focus would fall to its body.
 */
export function FloatingMenu({
  at,
  onClose,
  returnFocusTo,
  children,
}: {
  at: Point;
  onClose: () => void;
  /** What the keyboard goes back to when Escape closes the menu (the token it was opened on). */
  returnFocusTo?: () => HTMLElement | null;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<Point>(at);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const { width, height } = element.getBoundingClientRect();
    const fits = (start: number, length: number, room: number) =>
      start + length + EDGE_PX <= room
        ? start
        : Math.max(EDGE_PX, Math.min(start - length, room - length - EDGE_PX));
    setPlace({ x: fits(at.x, width, window.innerWidth), y: fits(at.y, height, window.innerHeight) });
  }, [at]);

  // Opened from the keyboard (Enter on a token, on the map's cross) or not, its first action takes
  // the focus, so the keys go on inside it rather than behind it.
  useEffect(() => {
    const element = box.current;
    if (!element || element.contains(document.activeElement)) return;
    element.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onClose();
      returnFocusTo?.()?.focus({ preventScroll: true });
    };
    const closeOutside = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('keydown', closeOnEscape);
    document.addEventListener('pointerdown', closeOutside);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      document.removeEventListener('pointerdown', closeOutside);
    };
  }, [onClose, returnFocusTo]);

  return createPortal(
    <div
      ref={box}
      className="floating-menu"
      style={{ left: place.x, top: place.y }}
      // A portal's events still bubble through React to the map, which would close the menu or pan.
      onPointerDown={(event) => event.stopPropagation()}
      onContextMenu={(event) => {
        event.preventDefault();
        event.stopPropagation();
      }}
    >
      {children}
    </div>,
    document.body,
  );
}
