import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { renderStatechartPage } from '../../scripts/statecharts/render';

const source = `/** Decides where a door stands. */
export const doorMachine = createMachine({});`;

const doorMachine = createMachine({
  id: 'door',
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'is locked', target: 'locked' }, { target: 'closed' }],
    },
    locked: { on: { unlock: 'closed' } },
    closed: {
      always: { guard: 'is haunted', actions: 'creak' },
      on: { open: 'opened', knock: { actions: 'answer' } },
    },
    opened: { on: { close: 'closed' } },
  },
});

const page = () =>
  renderStatechartPage({
    file: 'src/machines/door.machine.ts',
    exportName: 'doorMachine',
    machine: doorMachine,
    source,
  });

describe('statechart pages', () => {
  it('draw the eventless transitions, each target with its guard', () => {
    const drawn = page();
    expect(drawn).toContain('door_deciding --> door_locked : always [is locked]');
    expect(drawn).toContain('door_deciding --> door_closed : always\n');
    expect(drawn).toContain('door_closed --> door_opened : open');
  });

  it('list the guards of every transition, drawn or targetless, and never draw a targetless one', () => {
    const drawn = page();
    expect(drawn).toMatch(/## Guards\n\n- `is haunted`\n- `is locked`\n/);
    expect(drawn).not.toContain('door_closed --> door_closed');
    expect(drawn).toMatch(/## Events\n\n- `close`\n- `knock`\n- `open`\n- `unlock`\n/);
  });

  it('open with the why written above the machine', () => {
    expect(page()).toContain('Decides where a door stands.');
  });
});
