import { gameAccessMessages } from './access';

/** Every French text the game-data routes answer with. */
export const gamesMessages = {
  ...gameAccessMessages,
  deleted: 'Partie supprimée avec succès',
  left: 'Vous avez quitté la partie avec succès',
  masterCannotLeave: 'Le maître du jeu ne peut pas quitter sa propre partie.',
} as const;
