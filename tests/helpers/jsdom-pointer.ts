/** jsdom has no PointerEvent: without it the pointer's id, kind and place would be dropped. */
export class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  readonly pointerType: string;
  readonly isPrimary: boolean;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? 'mouse';
    this.isPrimary = init.isPrimary ?? true;
  }
}

/** jsdom lays nothing out and observes no size: the window's resize event measures again. */
export class NoResizeObserver {
  observe() {}
  disconnect() {}
}
