/** The account's roles (platform.md §6); the wire's `role` schema is made of this list. */
export const ROLES = ['player', 'mj', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who is signed in, as the client shows it (platform.md §3). Read from the access token's claims
 * for display and gating only: the server checks every permission again on its side.
 */
export interface SessionUser {
  id: string;
  email: string;
  role: Role;
  displayName: string;
  token: string;
}

/** A role, or 'any' (anyone signed in) or 'none' (no particular role), as in platform.md §6. */
export type RoleRequirement = Role | 'any' | 'none';

const roles: readonly string[] = ROLES;

function isRole(value: unknown): value is Role {
  return typeof value === 'string' && roles.includes(value);
}

/** With no user every check fails, 'none' included: a visitor never passes a role gate. */
export function hasRole(user: Pick<SessionUser, 'role'> | null, requirement: RoleRequirement): boolean {
  if (user === null) return false;
  if (requirement === 'any' || requirement === 'none') return true;
  return user.role === requirement;
}

function decodePayload(token: string): unknown {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    // Claims are UTF-8 JSON (display names carry accents); atob alone yields Latin-1.
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * The session user from an access token's claims, decoded without checking the signature (only
 * the server can, and does on every call). Null when the token is unreadable or names no user.
 */
export function sessionUserFromClaims(token: string): SessionUser | null {
  const claims = decodePayload(token);
  if (typeof claims !== 'object' || claims === null) return null;
  const {
    sub,
    email,
    display_name: displayName,
    user_metadata: metadata,
  } = claims as Record<string, unknown>;
  const id = text(sub);
  if (id === '') return null;
  const role =
    typeof metadata === 'object' && metadata !== null ? (metadata as { role?: unknown }).role : undefined;
  return {
    id,
    email: text(email),
    role: isRole(role) ? role : 'player',
    displayName: text(displayName) || text(email),
    token,
  };
}
