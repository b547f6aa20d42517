/** The journal's caps and texts, shared by the server's refusals and the client's checks. */

/** A title fits one line of the page list. */
export const JOURNAL_TITLE_MAX = 80;
/** A page's text: a long session's notes, short of making each save heavy. */
export const JOURNAL_BODY_MAX = 50_000;
/** Pages a game may hold: a campaign's worth, short of filling the database. */
export const JOURNAL_PAGES_PER_GAME = 200;

export const journalMessages = {
  titleRequired: 'Veuillez indiquer un titre pour la page.',
  titleTooLong: `Le titre d’une page ne peut pas dépasser ${JOURNAL_TITLE_MAX} caractères.`,
  bodyTooLong: 'Le texte d’une page ne peut pas dépasser 50 000 caractères.',
  tooMany: `Cette partie a atteint la limite de ${JOURNAL_PAGES_PER_GAME} pages\u00a0: supprimez-en une pour en créer une autre.`,
  notFound: 'Page introuvable.',
  masterOnly: 'Seul le MJ peut faire cela dans le journal.',
  readOnly: 'Le MJ n’a pas permis aux joueurs d’écrire sur cette page.',
  badVersion: 'La version de départ de cette modification est inconnue.',
  deleted: 'Page supprimée.',
  merged: 'Une autre modification est arrivée pendant la vôtre\u00a0: les deux ont été fusionnées.',
  conflicted: (count: number) =>
    count === 1
      ? 'Quelqu’un a modifié les mêmes lignes en même temps\u00a0: les deux versions sont gardées l’une après l’autre, entre des repères ⟦ ⟧. Relisez le passage et supprimez ce qui est en trop.'
      : `Quelqu’un a modifié les mêmes lignes en même temps à ${count} endroits\u00a0: les deux versions sont gardées l’une après l’autre, entre des repères ⟦ ⟧. Relisez ces passages et supprimez ce qui est en trop.`,
} as const;
