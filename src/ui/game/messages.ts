/** Texts of the game page (the table's entrance). */
export const gameMessages = {
  loading: 'Chargement de la partie…',
  code: 'Code',
  master: 'Maître du jeu :',
  back: 'Retour à l’accueil',
  connectedPlayers: 'Joueurs connectés',
  nobody: 'Aucun joueur connecté',
  entering: 'Connexion à la table…',
  goingHome: 'Retour à l’accueil…',
} as const;
