import { useLayoutEffect, useRef, useState } from 'react';
import type { Size } from '../../domain/geometry/geometry';

/** The scale that fits a map of `size` whole inside the element, followed as the element resizes. */
export function useFitScale(size: Size | null) {
  const frame = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<Size>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setBox({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const scale =
    size && size.width > 0 && size.height > 0
      ? Math.min(box.width / size.width, box.height / size.height)
      : 1;
  return { frame, scale };
}
