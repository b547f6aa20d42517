/**
 * Game rules shared by the lobby and the server: what a game name may be, and how a game's last
 * connection reads (platform.md §2 "Game master view").
 */
export const GAME_NAME_MAX = 60;

export const gameMessages = {
  nameRequired: 'Le nom de la partie est requis.',
  nameTooLong: 'Le nom de la partie ne peut pas dépasser 60 caractères.',
  neverConnected: 'Jamais',
  /** platform.md §8: an invitation to an account that does not exist (a 404 of its own). */
  playerNotFound: 'Joueur non trouvé',
  tooMany: 'Vous avez atteint la limite de 50 parties : supprimez-en une pour en créer une autre.',
} as const;

/** Games one MJ may run at once: far past a campaign shelf, short of filling the database. */
export const GAMES_PER_MJ = 50;

/** Game times are shown in French, at the French table's clock, whoever's server formats them. */
export const GAME_TIME_ZONE = 'Europe/Paris';

const lastConnectionFormat = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: GAME_TIME_ZONE,
});

/** 'Jamais' until someone first joined the game, then the date and time in fr-FR. */
export function formatLastConnection(at: Date | null): string {
  return at === null ? gameMessages.neverConnected : lastConnectionFormat.format(at);
}

/** The typed name must match the game's name exactly (platform.md §5 "Game deletion"). */
export function deletionConfirmed(typed: string, gameName: string): boolean {
  return typed === gameName;
}
