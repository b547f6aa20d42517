import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './menu.css';

const ITEMS = '[role="menuitem"]:not(:disabled)';

/**
 * A list of actions that pops up from a button or a click (the attack menu, the map's menu of
 * tokens to place). The first action takes the focus as soon as there is one; the arrow keys, Home
 * and End move between the actions; Escape calls `onClose`. When the menu goes, the focus goes back
 * where it was when the menu opened, if it was still inside the menu. Where it is drawn is the
 * parent's business (beside its button, or floating over the map).
 */
export function Menu({
  label,
  labelledBy,
  onClose,
  className,
  children,
}: {
  label?: string;
  labelledBy?: string;
  onClose?: () => void;
  className?: string;
  children: ReactNode;
}) {
  const menu = useRef<HTMLDivElement>(null);
  const focused = useRef(false);

  useEffect(() => {
    const element = menu.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (element?.contains(document.activeElement) || document.activeElement === document.body) {
        opener?.focus({ preventScroll: true });
      }
    };
  }, []);

  // Its actions may arrive after it opens (a list being loaded): the first one to show takes the focus.
  useEffect(() => {
    if (focused.current) return;
    const first = menu.current?.querySelector<HTMLElement>(ITEMS);
    if (!first) return;
    first.focus({ preventScroll: true });
    focused.current = true;
  });

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && onClose) {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(ITEMS)];
    if (items.length === 0) return;
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next: Record<string, number> = {
      ArrowDown: (at + 1) % items.length,
      ArrowUp: (at - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    items[next[event.key]!]!.focus();
  };

  return (
    <div
      ref={menu}
      role="menu"
      aria-label={label}
      aria-labelledby={labelledBy}
      className={className ? `menu ${className}` : 'menu'}
      onKeyDown={move}
    >
      {children}
    </div>
  );
}

/**
 * One action of a menu. `describedBy` names the element that says what a short action acts on
 * (« Placer masqué » beside a monster's name), read after its own name.
 */
export function MenuItem({
  onSelect,
  disabled,
  className,
  id,
  describedBy,
  children,
}: {
  onSelect: () => void;
  disabled?: boolean;
  className?: string;
  id?: string;
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="menuitem"
      id={id}
      aria-describedby={describedBy}
      className={className ? `menu__item ${className}` : 'menu__item'}
      disabled={disabled}
      onClick={onSelect}
    >
      {children}
    </button>
  );
}
