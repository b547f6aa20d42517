/** Every French text the friends routes answer with. */
export const friendsMessages = {
  userNotFound: 'Utilisateur introuvable',
  invitationNotFound: 'Invitation non trouvée ou déjà traitée.',
  notRecipient: "Seul le destinataire de l'invitation peut y répondre.",
  notSender: "Seul l'expéditeur de l'invitation peut l'annuler.",
  cannotInviteSelf: 'Vous ne pouvez pas vous ajouter vous-même en ami.',
  alreadyFriends: 'Vous êtes déjà amis.',
  alreadyInvited: 'Une invitation est déjà en attente pour cet utilisateur.',
  invitationSent: "Demande d'ami envoyée !",
  nowFriends: 'Vous êtes maintenant amis !',
  invitationDeclined: 'Invitation refusée.',
  invitationCancelled: 'Invitation annulée.',
  notAFriend: 'Cet utilisateur ne fait pas partie de vos amis.',
  friendRemoved: 'Ami supprimé.',
} as const;
