import { describe, expect, it } from 'vitest';
import { createActor, setup, type InspectionEvent } from 'xstate';
import { createEventLog } from '../../src/ui/app/event-log';

const at = () => new Date('2026-01-01T10:00:00Z');
const toggle = setup({}).createMachine({
  id: 'toggle',
  initial: 'off',
  states: { off: { on: { 'toggle.flip': 'on' } }, on: { on: { 'toggle.flip': 'off' } } },
});

describe('event log', () => {
  it('records every event an actor receives, oldest first', () => {
    const log = createEventLog(10, at);
    const actor = createActor(toggle, { inspect: log.record }).start();
    actor.send({ type: 'toggle.flip' });
    actor.send({ type: 'toggle.flip' });
    expect(log.entries().map((entry) => (entry.event as { type: string }).type)).toEqual([
      'xstate.init',
      'toggle.flip',
      'toggle.flip',
    ]);
    expect(log.entries()[1]).toMatchObject({
      at: '2026-01-01T10:00:00.000Z',
      actor: expect.stringContaining('toggle'),
    });
  });

  it('keeps only the most recent events', () => {
    const log = createEventLog(3, at);
    const actor = createActor(toggle, { inspect: log.record }).start();
    for (let flip = 0; flip < 5; flip += 1) actor.send({ type: 'toggle.flip', flip } as never);
    expect(log.entries().map((entry) => (entry.event as { flip?: number }).flip)).toEqual([2, 3, 4]);
  });

  it('masks secrets and keeps errors readable', () => {
    const log = createEventLog(10, at);
    const event = (payload: Record<string, unknown>) =>
      ({
        type: '@xstate.event',
        rootId: 'x',
        actorRef: { sessionId: 'x:0' },
        sourceRef: undefined,
        event: { type: 'auth.login', ...payload },
      }) as unknown as InspectionEvent;
    log.record(event({ email: 'ana@example.test', password: 'secret-123' }));
    log.record(
      event({
        output: { token: 'jwt', refreshToken: 'r', userId: 'u-1' },
        error: new TypeError('Failed to fetch'),
      }),
    );
    expect(log.entries().map((entry) => entry.event)).toEqual([
      { type: 'auth.login', email: 'ana@example.test', password: '[masqué]' },
      {
        type: 'auth.login',
        output: { token: '[masqué]', refreshToken: '[masqué]', userId: 'u-1' },
        error: { name: 'TypeError', message: 'Failed to fetch' },
      },
    ]);
  });
});
