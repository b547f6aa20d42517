import { z } from 'zod';
import { accountMessages, DISPLAY_NAME_MAX, PASSWORD_MIN } from '../../domain/account';
import { hasInvisibleCharacter, normalizeDisplayName } from '../../domain/display-name';
import { role } from './auth';

/**
 * What the auth routes accept (platform.md §7 "Auth and profile"), and the access token's claims:
 * the server validates with these; the client sends bodies of these types and never builds the
 * schemas. Apart from the answers (`./auth`), which the client parses: zod builds every schema of a
 * module when it loads, and a signed-in page's first load built these too, its session check
 * waiting behind them.
 */

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

export const registerRequest = z.object({
  email,
  password: text(accountMessages.passwordRequired)
    .min(PASSWORD_MIN, accountMessages.passwordTooShort)
    .max(1024),
  displayName,
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const refreshRequest = z.object({ refreshToken: z.string().min(1).max(512) });

/** The current password is asked only when the e-mail (the login) changes. */
export const updateProfileRequest = z.object({
  displayName,
  email,
  currentPassword: z.string().max(1024).optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

export const checkDisplayNameQuery = z.object({ displayName: z.string().max(256) });

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

/** Claims of the access token (platform.md §3: sub, display_name, email; role in user_metadata). */
export const accessClaims = z.object({
  sub: z.string(),
  email: z.string(),
  display_name: z.string(),
  sid: z.string(),
  user_metadata: z.object({ role }),
});
export type AccessClaims = z.infer<typeof accessClaims>;
