import { describe, expect, it } from 'vitest';
import { formatLastConnection, GAME_TIME_ZONE } from '../../src/domain/games';
import { chatTime } from '../../src/ui/game-chat/messages';

describe('times on screen', () => {
  it('the lobby reads a time at the same clock as the chat: the reader’s own', () => {
    // Midnight and noon in UTC, so that any zone but UTC itself shows another hour somewhere.
    for (const iso of ['2026-01-15T00:30:00.000Z', '2026-07-15T12:30:00.000Z']) {
      expect(formatLastConnection(new Date(iso))).toContain(chatTime(iso));
    }
    expect(formatLastConnection(null)).toBe('Jamais');
  });

  it('the server’s answers keep the French table’s clock', () => {
    expect(formatLastConnection(new Date('2026-01-15T00:30:00.000Z'), GAME_TIME_ZONE)).toBe(
      '15/01/2026 01:30',
    );
  });
});
