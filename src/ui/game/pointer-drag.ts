import { useRef, type PointerEvent as ReactPointerEvent } from 'react';

type Pointer = ReactPointerEvent<HTMLElement>;

export interface PointerDragHandlers<S> {
  move: (state: S, event: Pointer) => void;
  drop?: (state: S, event: Pointer) => void;
  /** The browser took the pointer back (a system gesture, a lost capture): nothing is dropped. */
  cancel?: (state: S) => void;
}

/**
 * One drag at a time, by mouse, pen or finger alike (Pointer Events, not HTML5 drag and drop,
 * which touch screens never fire). The grabbing element captures the pointer, so the moves and the
 * release reach it wherever the pointer goes. Only the primary pointer grabs, so a second finger
 * does nothing; a new grab replaces a hold whose release never came (its element left the page
 * mid-drag). Spread `listeners` on every element that may `grab`.
 */
export function usePointerDrag<S>(handlers: PointerDragHandlers<S>) {
  const held = useRef<{ pointerId: number; state: S } | null>(null);

  const release = (event: Pointer) => {
    const current = held.current;
    if (!current || current.pointerId !== event.pointerId) return null;
    held.current = null;
    return current;
  };

  const cancel = (event: Pointer) => {
    const current = release(event);
    if (current) handlers.cancel?.(current.state);
  };

  return {
    /** Whether this pointer now holds the drag. */
    grab(event: Pointer, state: S): boolean {
      if (!event.isPrimary) return false;
      if (held.current) handlers.cancel?.(held.current.state);
      held.current = { pointerId: event.pointerId, state };
      // jsdom has no pointer capture; every browser does.
      event.currentTarget.setPointerCapture?.(event.pointerId);
      return true;
    },
    listeners: {
      onPointerMove(event: Pointer) {
        const current = held.current;
        if (current && current.pointerId === event.pointerId) handlers.move(current.state, event);
      },
      onPointerUp(event: Pointer) {
        const current = release(event);
        if (current) handlers.drop?.(current.state, event);
      },
      onPointerCancel: cancel,
      onLostPointerCapture: cancel,
    },
  };
}
