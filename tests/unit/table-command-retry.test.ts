import { describe, expect, it } from 'vitest';
import { itemChangePayload } from '../../src/api/schemas/table';
import { outcomeUnknown, tableMessages } from '../../src/domain/table/messages';
import { COMMAND_RETRY_DELAYS_MS, newCommandId, tableCommands } from '../../src/effects/table';

/** The table's commands on a socket that answers from `answers`, in turn, recording what was sent. */
function onSocket(answers: Array<() => Promise<unknown>>) {
  const sent: Array<{ event: string; payload: { commandId?: string } }> = [];
  const waited: number[] = [];
  let id = 0;
  const commands = tableCommands(
    (event, payload) => {
      sent.push({ event, payload: payload as { commandId?: string } });
      return answers[sent.length - 1]!();
    },
    () => Promise.resolve({ width: 100, height: 100 }),
    {
      newId: () => `00000000-0000-4000-8000-${String((id += 1)).padStart(12, '0')}`,
      wait: async (ms) => void waited.push(ms),
    },
  );
  return { commands, sent, waited };
}

const adjust = {
  gameId: 'G1',
  change: {
    type: 'token.adjust' as const,
    map: 'Forêt',
    usableId: 't1',
    resource: 'HP' as const,
    direction: 'decrease' as const,
    amount: 3,
  },
};
const restarting = () => Promise.resolve({ ok: false, error: outcomeUnknown });
const unanswered = () => Promise.reject(new Error('operation has timed out'));
const accepted = () => Promise.resolve({ ok: true });

describe('a table command whose outcome is unknown (docs/live-table.md "Command ids")', () => {
  it('is sent again under the id of its first try; the next intent has an id of its own', async () => {
    const { commands, sent, waited } = onSocket([restarting, unanswered, accepted, accepted]);
    expect(await commands.itemChange(adjust)).toBeNull();
    const ids = sent.map(({ payload }) => payload.commandId);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toBeDefined();
    expect(waited).toEqual(COMMAND_RETRY_DELAYS_MS.slice(0, 2));

    expect(await commands.itemChange(adjust)).toBeNull();
    expect(sent[3]!.payload.commandId).not.toBe(ids[0]);
  });

  it('is not sent again once a rule refused it, and says after its last try that it may be done', async () => {
    const refused = onSocket([() => Promise.resolve({ ok: false, error: tableMessages.notYourToken })]);
    expect(await refused.commands.itemChange(adjust)).toBe(tableMessages.notYourToken);
    expect(refused.sent).toHaveLength(1);

    const lost = onSocket(Array.from({ length: 10 }, () => restarting));
    expect(
      await lost.commands.turnOrderChange({ gameId: 'G1', change: { type: 'turnOrder.next', map: 'Forêt' } }),
    ).toBe(outcomeUnknown);
    expect(lost.sent).toHaveLength(COMMAND_RETRY_DELAYS_MS.length + 1);
    expect(outcomeUnknown).toContain('peut-être déjà été prise en compte');
  });

  it('carries an id the server accepts', () => {
    const ids = Array.from({ length: 50 }, newCommandId);
    expect(new Set(ids).size).toBe(50);
    for (const commandId of ids)
      expect(itemChangePayload.safeParse({ ...adjust, commandId }).success).toBe(true);
  });
});
