import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/request';
import { failureText } from '../../src/machines/failure-text';

describe('failureText', () => {
  it("shows the server's text when it sent one", () => {
    const error = new ApiError(401, 'Email ou mot de passe incorrect', {
      error: 'Email ou mot de passe incorrect',
    });
    expect(failureText(error, 'Échec de la connexion')).toBe('Email ou mot de passe incorrect');
  });

  it('falls back otherwise', () => {
    expect(failureText(new ApiError(502, 'Erreur HTTP 502', '<html>'), 'Échec')).toBe('Échec');
    expect(failureText(new ApiError(500, 'x', { error: '' }), 'Échec')).toBe('Échec');
    expect(failureText(new TypeError('Failed to fetch'), 'Échec')).toBe('Échec');
    expect(failureText(undefined, 'Échec')).toBe('Échec');
  });
});
