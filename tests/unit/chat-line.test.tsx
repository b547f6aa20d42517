// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatEntry } from '../../src/machines/game-chat.machine';
import { ChatLine } from '../../src/ui/game-chat/ChatLine';
import { sanitizeMessage } from '../../src/ui/game-chat/sanitize';

vi.mock('../../src/ui/game-chat/sanitize', async (original) => {
  const real = await original<{ sanitizeMessage: typeof sanitizeMessage }>();
  return { sanitizeMessage: vi.fn(real.sanitizeMessage) };
});

afterEach(cleanup);

const entry = (seq: number, message: string): ChatEntry => ({
  seq,
  type: 'chat.posted',
  userId: 'u-2',
  createdAt: '2026-11-24T18:00:00.000Z',
  payload: { playerName: 'Bob', senderId: 'c-1', avatar: null, senderUserId: 'u-2', message, type: 'normal' },
});

function Lines({ entries }: { entries: ChatEntry[] }) {
  return (
    <ol>
      {entries.map((line) => (
        <ChatLine key={line.seq} entry={line} />
      ))}
    </ol>
  );
}

describe('a chat line', () => {
  it('is sanitised once: the lines already shown are not sanitised again when others arrive', () => {
    const first = [entry(1, 'Salut <b>tous</b><img src=x onerror=alert(1)>'), entry(2, 'Prêts ?')];
    const { container, rerender } = render(<Lines entries={first} />);
    for (let seq = 3; seq <= 20; seq++) {
      rerender(
        <Lines
          entries={[...first, ...Array.from({ length: seq - 2 }, (_, i) => entry(i + 3, `Ligne ${i + 3}`))]}
        />,
      );
    }
    expect(sanitizeMessage).toHaveBeenCalledTimes(20);
    expect(container.querySelector('.game-chat__text')!.innerHTML).toBe('Salut <b>tous</b>');
  });

  it('shows a roll’s label apart from the result, as the plain text it is', () => {
    const { container } = render(
      <Lines
        entries={[
          {
            ...entry(1, '1d20 : [7] = 7'),
            payload: {
              ...entry(1, '1d20 : [7] = 7').payload,
              type: 'diceRoll',
              label: '<b>Frappe</b> du vent',
            },
          },
        ]}
      />,
    );
    expect(container.querySelector('.game-chat__label')!.textContent).toBe('<b>Frappe</b> du vent');
    expect(container.querySelector('.game-chat__text')!.textContent).toBe('1d20 : [7] = 7');
  });
});

describe('a line out of the table’s sight', () => {
  const line = (seq: number, payload: Partial<ChatEntry['payload']>): ChatEntry => ({
    ...entry(seq, ''),
    payload: { ...entry(seq, '').payload, ...payload },
  });

  it('says whom a whisper was whispered to, and sets it apart', () => {
    const { container } = render(
      <Lines entries={[line(1, { message: 'Rendez-vous à la tour', whisperTo: 'Borin' })]} />,
    );
    expect(container.querySelector('.game-chat__line--whisper')).not.toBeNull();
    expect(container.querySelector('.game-chat__meta')!.textContent).toContain('murmure à Borin');
  });

  it('shows a roll its reader may not see as « jet secret », and the one they see whole with its mode', () => {
    const { container } = render(
      <Lines
        entries={[
          line(1, { message: 'jet secret', type: 'diceRoll', rollMode: 'secret' }),
          line(2, {
            message: '1d20 : [12] = 12',
            type: 'diceRoll',
            rollMode: 'blind',
            roll: { count: 1, sides: 20, bonus: 0, dice: [12], total: 12, messageType: 'diceRoll' },
          }),
        ]}
      />,
    );
    const [hidden, whole] = container.querySelectorAll('li');
    expect(hidden!.className).toContain('game-chat__line--hidden-roll');
    expect(hidden!.textContent).toContain('jet secret');
    expect(whole!.className).not.toContain('hidden-roll');
    expect(whole!.querySelector('.game-chat__meta')!.textContent).toContain('jet à l’aveugle');
  });
});
