import { z } from 'zod';
import { accountMessages, DISPLAY_NAME_MAX, PASSWORD_MIN } from '../../domain/account';
import { hasInvisibleCharacter, normalizeDisplayName } from '../../domain/display-name';

/** The wire contract of platform.md §7 "Auth and profile": the server validates with these, the client parses with them. */

export const role = z.enum(['player', 'mj', 'admin']);
export type Role = z.infer<typeof role>;

/** A field that is absent, or not text, is reported by its own French name rather than zod's generic text. */
const text = (required: string) => z.string({ error: required });

const email = text(accountMessages.emailRequired)
  .trim()
  .toLowerCase()
  .email(accountMessages.emailInvalid)
  .max(254);

export const displayName = text(accountMessages.displayNameRequired)
  .overwrite(normalizeDisplayName)
  .min(1, accountMessages.displayNameRequired)
  .max(DISPLAY_NAME_MAX, accountMessages.displayNameTooLong)
  .refine((name) => !hasInvisibleCharacter(name), accountMessages.displayNameInvisible);

export const loginRequest = z.object({
  email: text(accountMessages.emailRequired)
    .trim()
    .toLowerCase()
    .min(1, accountMessages.emailRequired)
    .max(254),
  password: text(accountMessages.passwordRequired).min(1, accountMessages.passwordRequired).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const sessionTokens = z.object({
  token: z.string(),
  refreshToken: z.string(),
  userId: z.string(),
});
export type SessionTokens = z.infer<typeof sessionTokens>;

export const loginResponse = sessionTokens;

export const registerRequest = z.object({
  email,
  password: text(accountMessages.passwordRequired)
    .min(PASSWORD_MIN, accountMessages.passwordTooShort)
    .max(1024),
  displayName,
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const registerResponse = z.object({
  message: z.string(),
  token: z.string().optional(),
  refreshToken: z.string().optional(),
  userId: z.string(),
});
export type RegisterResponse = z.infer<typeof registerResponse>;

export const refreshRequest = z.object({ refreshToken: z.string().min(1).max(512) });

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

export const updateProfileRequest = z.object({ displayName, email });
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;
export const updateProfileResponse = z.object({
  user: publicUser,
  message: z.string(),
  /** A fresh access token, since the display name and email live in its claims. */
  token: z.string(),
});

export const checkDisplayNameQuery = z.object({ displayName: z.string().max(256) });
export const checkDisplayNameResponse = z.object({ isAvailable: z.boolean() });

export const changePasswordRequest = z.object({
  currentPassword: text(accountMessages.allFieldsRequired)
    .min(1, accountMessages.allFieldsRequired)
    .max(1024),
  newPassword: text(accountMessages.allFieldsRequired)
    .min(1, accountMessages.allFieldsRequired)
    .min(PASSWORD_MIN, accountMessages.newPasswordTooShort)
    .max(1024),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const deleteAccountRequest = z.object({
  password: text(accountMessages.deletionPasswordRequired)
    .min(1, accountMessages.deletionPasswordRequired)
    .max(1024),
});

/** GET /users/{id}: the e-mail only for the user themselves and their friends (docs/server.md). */
export const userSummary = z.object({
  id: z.string(),
  display_name: z.string(),
  email: z.string().optional(),
});
export type UserSummary = z.infer<typeof userSummary>;

/** Claims of the access token (platform.md §3: sub, display_name, email; role in user_metadata). */
export const accessClaims = z.object({
  sub: z.string(),
  email: z.string(),
  display_name: z.string(),
  sid: z.string(),
  user_metadata: z.object({ role }),
});
export type AccessClaims = z.infer<typeof accessClaims>;
