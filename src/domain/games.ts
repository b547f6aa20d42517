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

/**
 * The zone of the game times the server writes into its answers (`lastConnectionFormatted`), which
 * cannot know the reader's. A screen shows times at the reader's own clock, as the chat does.
 */
export const GAME_TIME_ZONE = 'Europe/Paris';

const lastConnectionFormats = new Map<string | undefined, Intl.DateTimeFormat>();

function lastConnectionFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  let format = lastConnectionFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone });
    lastConnectionFormats.set(timeZone, format);
  }
  return format;
}

/** 'Jamais' until someone first joined the game, then the date and time in fr-FR, at the runtime's clock unless a zone is given. */
export function formatLastConnection(at: Date | null, timeZone?: string): string {
  return at === null ? gameMessages.neverConnected : lastConnectionFormat(timeZone).format(at);
}

/** The typed name must match the game's name exactly (platform.md §5 "Game deletion"). */
export function deletionConfirmed(typed: string, gameName: string): boolean {
  return typed === gameName;
}
