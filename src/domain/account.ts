import { hasInvisibleCharacter, normalizeDisplayName } from './display-name';

/**
 * Account rules shared by the registration form, the profile form and the server, so a name or
 * password the browser accepts is exactly one the server accepts.
 */
export const DISPLAY_NAME_MAX = 10;
export const PASSWORD_MIN = 6;
export const SEARCH_MIN = 2;

export const accountMessages = {
  passwordsMismatch: 'Les mots de passe ne correspondent pas.',
  displayNameRequired: "Le nom d'affichage est requis.",
  displayNameTooLong: "Le nom d'affichage ne peut pas dépasser 10 caractères.",
  displayNameTaken: "Ce nom d'affichage est déjà utilisé",
  displayNameInvisible:
    "Le nom d'affichage ne peut pas contenir de caractère invisible, de contrôle ou de changement de sens d'écriture.",
  passwordTooShort: 'Le mot de passe doit contenir au moins 6 caractères',
  newPasswordTooShort: 'Le nouveau mot de passe doit contenir au moins 6 caractères',
  allFieldsRequired: 'Tous les champs sont requis',
  deletionPasswordRequired: 'Le mot de passe est requis pour confirmer la suppression',
  emailRequired: "L'adresse e-mail est requise",
  emailInvalid: "L'adresse e-mail n'est pas valide",
  passwordRequired: 'Le mot de passe est requis',
  emailTaken: 'Cette adresse e-mail est déjà utilisée',
  emailChangeNeedsPassword: "Le mot de passe actuel est requis pour changer d'adresse e-mail",
} as const;

/** Validates a display name as it will be stored; returns the French error, or null when it is acceptable. */
export function displayNameError(raw: string): string | null {
  const name = normalizeDisplayName(raw);
  if (name.length === 0) return accountMessages.displayNameRequired;
  if (name.length > DISPLAY_NAME_MAX) return accountMessages.displayNameTooLong;
  if (hasInvisibleCharacter(name)) return accountMessages.displayNameInvisible;
  return null;
}
