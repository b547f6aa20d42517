import { z } from 'zod';
import { ROLES, type Role } from '../../domain/roles';

/** The wire contract of platform.md §7 "Auth and profile": the server validates with these, the client parses with them. */

export const role = z.enum(ROLES);
export type { Role };

export const sessionTokens = z.object({
  token: z.string(),
  refreshToken: z.string(),
  userId: z.string(),
});
export type SessionTokens = z.infer<typeof sessionTokens>;

export const loginResponse = sessionTokens;

export const registerResponse = z.object({
  message: z.string(),
  token: z.string().optional(),
  refreshToken: z.string().optional(),
  userId: z.string(),
});
export type RegisterResponse = z.infer<typeof registerResponse>;

export const publicUser = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string(),
  username: z.string(),
  created_at: z.string(),
  role,
});
export type PublicUser = z.infer<typeof publicUser>;

export const verifyResponse = z.object({ valid: z.literal(true), user: publicUser });

export const profileResponse = publicUser;

export const updateProfileResponse = z.object({
  user: publicUser,
  message: z.string(),
  /** A fresh access token, since the display name and email live in its claims. */
  token: z.string(),
});

export const checkDisplayNameResponse = z.object({ isAvailable: z.boolean() });

/** GET /users/{id}: the e-mail only for the user themselves and their friends (docs/server.md). */
export const userSummary = z.object({
  id: z.string(),
  display_name: z.string(),
  email: z.string().optional(),
});
export type UserSummary = z.infer<typeof userSummary>;
