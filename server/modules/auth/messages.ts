import { accountMessages } from '#shared/domain/account';

/** Every French text the auth routes answer with, in one place. */
export const authMessages = {
  registered: 'Inscription réussie',
  badCredentials: 'Email ou mot de passe incorrect',
  profileUpdated: 'Profil mis à jour avec succès',
  profileChangedMeanwhile: 'Votre profil vient d’être modifié ailleurs : rechargez-le et réessayez.',
  passwordChanged: 'Mot de passe modifié avec succès',
  wrongCurrentPassword: 'Mot de passe actuel incorrect',
  emailChangeNeedsPassword: accountMessages.emailChangeNeedsPassword,
  accountDeleted: 'Compte supprimé avec succès',
  wrongPassword: 'Mot de passe incorrect',
  loggedOut: 'Déconnexion réussie',
  displayNameTaken: accountMessages.displayNameTaken,
  emailTaken: accountMessages.emailTaken,
} as const;
