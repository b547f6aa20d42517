import { gameMessages } from '#shared/domain/games';

/** Every French text the game-invitation routes answer with (platform.md §8 where it has one). */
export const invitationMessages = {
  notFound: 'Invitation non trouvée ou déjà traitée.',
  gameNotFound: 'Partie non trouvée.',
  playerNotFound: gameMessages.playerNotFound,
  notAllowedToInvite: "Vous n'êtes pas autorisé à inviter des joueurs dans cette partie.",
  notAllowedToRevoke: "Vous n'êtes pas autorisé à révoquer cette invitation.",
  notAllowedToKick: "Vous n'êtes pas autorisé à expulser ce joueur.",
  notAllowedToAnswer: "Vous n'êtes pas autorisé à répondre à cette invitation.",
  alreadyPending: 'Une invitation est déjà en attente pour ce joueur.',
  alreadyPlaying: 'Ce joueur fait déjà partie de la partie.',
  cannotInviteSelf: 'Vous ne pouvez pas vous inviter vous-même.',
  declinedRecently: 'Ce joueur a refusé votre invitation il y a moins d’une heure : réessayez plus tard.',
  tooManyToday: 'Ce joueur a déjà reçu 3 invitations à cette partie en 24 heures : réessayez plus tard.',
  sent: 'Invitation envoyée avec succès !',
  accepted: 'Invitation acceptée ! Vous avez rejoint la partie.',
  declined: 'Invitation refusée',
  revoked: 'Invitation révoquée avec succès !',
  kicked: 'Joueur expulsé avec succès !',
} as const;
