/** Every text of the landing and home screen (platform.md §2), verbatim. */
export const landingMessages = {
  login: {
    title: 'Connexion',
    submit: 'Se connecter',
    switchToRegister: 'Créer un compte',
  },
  register: {
    title: 'Inscription',
    submit: 'Créer un compte',
    switchToLogin: 'Se connecter',
    /** Under the display name, as one types: nothing beyond the limit is cut, it is counted. */
    nameCount: (length: number, max: number) =>
      length > max
        ? `${length}\u00a0/\u00a0${max} caractères\u00a0: ${length - max} de trop`
        : `${length}\u00a0/\u00a0${max} caractères`,
  },
  fields: {
    email: 'Email',
    password: 'Mot de passe',
    confirmPassword: 'Confirmer le mot de passe',
    displayName: "Nom d'affichage",
  },
  close: 'Fermer',
  logout: 'Déconnexion',
  signedInAs: 'Connecté :',
  modeChoice: {
    title: 'Choisissez votre rôle',
    gameMaster: 'Maître du jeu',
    player: 'Joueur',
  },
  changeMode: 'Changer de mode',
  topBar: 'Compte',
  monitoring: 'Monitoring',
  performanceAnalysis: 'Performances',
} as const;
