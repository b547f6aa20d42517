import { socialRules } from '../../domain/social';

/** Every text of the friends menu and the chat window (platform.md §2, §5, §8). */
export const socialMessages = {
  friendsButton: 'Amis',
  badge: (count: number) => `${count} nouveauté${count > 1 ? 's' : ''}`,
  menuTitle: 'Amis et invitations',
  close: 'Fermer',
  searchTitle: 'Rechercher un joueur',
  searchLabel: "Nom d'affichage",
  searchTooShort: socialRules.searchTooShort,
  searching: 'Recherche…',
  noResults: 'Aucun joueur trouvé',
  add: 'Ajouter',
  invitationSent: 'Invitation envoyée',
  alreadyFriend: 'Déjà dans vos amis',
  acceptTheirs: 'Accepter son invitation',
  receivedTitle: 'Invitations reçues',
  noReceived: 'Aucune invitation reçue',
  sentTitle: 'Invitations envoyées',
  noSent: 'Aucune invitation envoyée',
  accept: 'Accepter',
  decline: 'Refuser',
  cancel: 'Annuler',
  friendsTitle: 'Mes amis',
  noFriends: "Vous n'avez pas encore d'amis",
  online: 'En ligne',
  offline: 'Hors ligne',
  unread: (count: number) => `${count} message${count > 1 ? 's' : ''} non lu${count > 1 ? 's' : ''}`,
  chat: 'Discuter',
  remove: 'Retirer',
  removeLabel: (name: string) => `Retirer ${name} de mes amis`,
  chatLabel: (name: string) => `Discuter avec ${name}`,
  chatTitle: (name: string) => `Discussion avec ${name}`,
  /** The conversation's list, focusable to scroll it from the keyboard. */
  linesLabel: 'Messages de la discussion',
  /** The friend's line just received, said by the window's live region. */
  heard: (name: string, content: string) => `${name}\u00a0: ${content}`,
  loadingConversation: 'Chargement de la conversation…',
  emptyConversation: 'Aucun message pour le moment',
  messageLabel: 'Votre message',
  send: 'Envoyer',
  pending: 'Envoi…',
  dismiss: 'OK',
  inviteToGame: 'Inviter dans une partie',
  inviteTitle: (name: string) => `Inviter ${name} dans une partie`,
  loadingGames: 'Chargement de vos parties…',
  noGames: 'Aucune partie active',
  invite: 'Inviter',
  sendingInvitation: "Envoi de l'invitation…",
  retry: 'Réessayer',
} as const;

// Made on first use: a page's first date formatter costs some 20 ms (the locale's data), which the
// top bar's friends badge, loaded with these texts, must not pay.
let timeFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** platform.md: times in the fr-FR format. */
export const formatTime = (iso: string) =>
  (timeFormat ??= new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' })).format(
    new Date(iso),
  );
export const formatDateTime = (iso: string) =>
  (dateTimeFormat ??= new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' })).format(
    new Date(iso),
  );
