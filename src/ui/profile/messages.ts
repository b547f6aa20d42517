/** Texts of the profile modal (platform.md §2 "Modals", §5). */
export const profileMessages = {
  title: 'Mon profil',
  details: 'Informations',
  displayName: "Nom d'affichage",
  email: 'Email',
  save: 'Enregistrer',
  emailPassword: 'Mot de passe actuel',
  emailPasswordHint:
    "Changer d'adresse e-mail, c'est changer d'identifiant : confirmez avec votre mot de passe actuel.",
  checking: 'Vérification…',
  available: 'Ce nom est disponible',
  password: 'Mot de passe',
  currentPassword: 'Mot de passe actuel',
  newPassword: 'Nouveau mot de passe',
  confirmation: 'Confirmer le nouveau mot de passe',
  changePassword: 'Modifier le mot de passe',
  data: 'Mes données',
  dataHint:
    'Tout ce que votre compte contient, dans un fichier JSON à garder ou à emporter ailleurs : profil, sessions, parties, personnages, macros, messages privés envoyés, vos lignes aux tables, amis, invitations et fichiers envoyés.',
  downloadData: 'Télécharger mes données',
  deletion: 'Supprimer mon compte',
  deletionHint:
    'La suppression est définitive : vos parties (avec leurs tables et leurs fichiers), vos personnages, macros, messages privés, amis et invitations disparaissent avec le compte. Vos lignes aux tables des autres restent, sans vous : elles ne portent plus votre nom.',
  deletionPassword: 'Mot de passe',
  deleteAccount: 'Supprimer mon compte',
  confirmTitle: 'Confirmer la suppression',
  confirmText: 'Voulez-vous vraiment supprimer votre compte ? Cette action est irréversible.',
  confirm: 'Oui, supprimer',
  cancel: 'Annuler',
  topBarButton: 'Profil',
} as const;
