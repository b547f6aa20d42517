// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { historyPresses } from '../../src/effects/history-keys';

function pressed(target: HTMLElement, init: KeyboardEventInit): { heard: string[]; prevented: boolean } {
  const heard: string[] = [];
  const subscription = historyPresses(document).subscribe((event) => heard.push(event.direction));
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  subscription.unsubscribe();
  return { heard, prevented: event.defaultPrevented };
}

describe('the table’s undo keys', () => {
  it('undo with Ctrl+Z, redo with Ctrl+Maj+Z and Ctrl+Y (⌘ too), and keep the browser out of it', () => {
    expect(pressed(document.body, { key: 'z', ctrlKey: true })).toEqual({ heard: ['undo'], prevented: true });
    expect(pressed(document.body, { key: 'Z', ctrlKey: true, shiftKey: true }).heard).toEqual(['redo']);
    expect(pressed(document.body, { key: 'y', ctrlKey: true }).heard).toEqual(['redo']);
    expect(pressed(document.body, { key: 'z', metaKey: true }).heard).toEqual(['undo']);
    expect(pressed(document.body, { key: 'z' }).heard).toEqual([]);
  });

  it('leave a text field its own undo', () => {
    const field = document.createElement('textarea');
    document.body.append(field);
    expect(pressed(field, { key: 'z', ctrlKey: true })).toEqual({ heard: [], prevented: false });
    field.remove();
  });
});
