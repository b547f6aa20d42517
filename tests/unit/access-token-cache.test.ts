import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from '../../server/modules/auth/tokens';

const subject = {
  id: crypto.randomUUID(),
  email: 'a@example.com',
  displayName: 'Aline',
  role: 'player' as const,
};

describe('access tokens checked once, expired on time', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a token it has already checked once its 15 minutes are over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = createTokenService('s'.repeat(32));
    const token = await tokens.signAccess(subject, crypto.randomUUID());
    expect(await tokens.verifyAccess(token)).toMatchObject({ sub: subject.id });
    expect(await tokens.verifyAccess(token)).toMatchObject({ sub: subject.id });
    vi.advanceTimersByTime(15 * 60_000 + 1000);
    expect(await tokens.verifyAccess(token)).toBeNull();
  });

  it('never takes a token signed with another secret for one it knows', async () => {
    const ours = createTokenService('s'.repeat(32));
    const theirs = createTokenService('t'.repeat(32));
    const forged = await theirs.signAccess(subject, crypto.randomUUID());
    expect(await theirs.verifyAccess(forged)).not.toBeNull();
    expect(await ours.verifyAccess(forged)).toBeNull();
  });
});
