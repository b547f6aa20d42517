/** Every French text the messages module answers with. */
export const messagesTexts = {
  userNotFound: 'Utilisateur introuvable',
  friendsOnly: "Vous ne pouvez discuter qu'avec vos amis.",
  receiverRequired: 'Destinataire non précisé',
  gameMessagesUnavailable: 'Les messages de partie ne sont pas encore disponibles.',
  markedRead: 'Conversation marquée comme lue',
} as const;
