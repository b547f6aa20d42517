import { describe, expect, it } from 'vitest';
import { hasRole, sessionUserFromClaims, type RoleRequirement } from '../../src/domain/roles';
import { tokenWith } from './jwt';

describe('hasRole', () => {
  const requirements: RoleRequirement[] = ['any', 'none', 'player', 'mj', 'admin'];

  it('fails every check without a user', () => {
    for (const requirement of requirements) expect(hasRole(null, requirement)).toBe(false);
  });

  it("passes 'any' and 'none' for anyone signed in", () => {
    expect(hasRole({ role: 'player' }, 'any')).toBe(true);
    expect(hasRole({ role: 'player' }, 'none')).toBe(true);
  });

  it('otherwise needs the very role', () => {
    expect(hasRole({ role: 'admin' }, 'admin')).toBe(true);
    expect(hasRole({ role: 'mj' }, 'mj')).toBe(true);
    expect(hasRole({ role: 'player' }, 'admin')).toBe(false);
    expect(hasRole({ role: 'admin' }, 'player')).toBe(false);
  });
});

describe('sessionUserFromClaims', () => {
  const claims = {
    sub: 'u-1',
    email: 'ana@example.test',
    display_name: 'Anaïs',
    sid: 's-1',
    user_metadata: { role: 'admin' },
  };

  it('reads id, email, role and display name (accents included) from the token', () => {
    const token = tokenWith(claims);
    expect(sessionUserFromClaims(token)).toEqual({
      id: 'u-1',
      email: 'ana@example.test',
      role: 'admin',
      displayName: 'Anaïs',
      token,
    });
  });

  it('defaults the role to player', () => {
    expect(sessionUserFromClaims(tokenWith({ ...claims, user_metadata: {} }))?.role).toBe('player');
    expect(sessionUserFromClaims(tokenWith({ ...claims, user_metadata: { role: 'roi' } }))?.role).toBe(
      'player',
    );
  });

  it('falls back to the email when there is no display name', () => {
    expect(sessionUserFromClaims(tokenWith({ ...claims, display_name: '' }))?.displayName).toBe(
      'ana@example.test',
    );
  });

  it('names nobody for an unreadable token or one without a subject', () => {
    expect(sessionUserFromClaims('not-a-token')).toBeNull();
    expect(sessionUserFromClaims('a.%%%.c')).toBeNull();
    expect(sessionUserFromClaims(tokenWith({ email: 'ana@example.test' }))).toBeNull();
  });
});
