import { clearCache } from './cached-responses';
import { renewSession, request } from './request';
import {
  checkDisplayNameResponse,
  loginResponse,
  profileResponse,
  registerResponse,
  updateProfileResponse,
  userSummary,
  verifyResponse,
} from './schemas/auth';
import type { LoginRequest, RegisterRequest } from './schemas/auth-requests';
import { accountData } from './schemas/account-data';
import { messageBody } from './schemas/common';

/** The calls of platform.md §7 "Auth and profile", one function each. */

export function verify(signal?: AbortSignal) {
  // The answer depends on the token, not on the path: never from the cache.
  return request('GET', '/auth/verify', { schema: verifyResponse, cache: false, signal });
}

/** Whose a token is, asked with that token and not the stored one: nothing is stored or renewed. */
export function identify(token: string, signal?: AbortSignal) {
  return request('GET', '/auth/verify', { schema: verifyResponse, cache: false, signal, bearer: token });
}

export function login(credentials: LoginRequest, signal?: AbortSignal) {
  return request('POST', '/auth/login', {
    body: credentials,
    schema: loginResponse,
    signal,
    anonymous: true,
  });
}

export function register(account: RegisterRequest, signal?: AbortSignal) {
  return request('POST', '/auth/register', {
    body: account,
    schema: registerResponse,
    signal,
    anonymous: true,
  });
}

/**
 * Trades the stored refresh token for new stored tokens (the same exchange the REST client makes
 * on a 401, shared with it); null when the session cannot be renewed.
 */
export const refresh = renewSession;

/** Ends the session on the server with the token it was opened with, already gone from storage. */
export function logout(token: string) {
  return request('POST', '/auth/logout', { schema: messageBody, bearer: token });
}

/** Never from the cache: the profile modal shows what the server has now, whatever another tab changed. */
export function getProfile(signal?: AbortSignal) {
  return request('GET', '/auth/profile', { schema: profileResponse, signal, cache: false });
}

/** `currentPassword` only when the e-mail changes (the server asks for it then). */
export async function updateProfile(changes: {
  displayName: string;
  email: string;
  currentPassword?: string;
}) {
  const answer = await request('PUT', '/auth/profile', { body: changes, schema: updateProfileResponse });
  clearCache('/auth/profile');
  clearCache('/users/');
  return answer;
}

export function checkDisplayName(displayName: string, signal?: AbortSignal) {
  return request('GET', '/auth/check-display-name', {
    query: { displayName },
    schema: checkDisplayNameResponse,
    // Availability changes as others register: always ask.
    cache: false,
    signal,
    anonymous: true,
  });
}

export function changePassword(change: { currentPassword: string; newPassword: string }) {
  return request('POST', '/auth/change-password', { body: change, schema: messageBody });
}

export async function deleteAccount(password: string) {
  const answer = await request('DELETE', '/auth/account', { body: { password }, schema: messageBody });
  // Every cached answer belonged to the account that no longer exists.
  clearCache();
  return answer;
}

/** « Télécharger mes données »: everything the account holds, read afresh. */
export function getAccountData() {
  return request('GET', '/auth/account/data', { schema: accountData, cache: false });
}

export function getUser(id: string, signal?: AbortSignal) {
  return request('GET', `/users/${encodeURIComponent(id)}`, { schema: userSummary, signal });
}
