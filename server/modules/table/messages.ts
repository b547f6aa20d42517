import { outcomeUnknown } from '#shared/domain/table/messages';

/** French texts of the table's server side; the rules' own texts are in src/domain/table/messages.ts. */
export const tableServerMessages = {
  /** No answer to give: the command may have been done or not (the client retries under its id). */
  stopping: outcomeUnknown,
  notSeated: "Rejoignez la table de la partie d'abord.",
  pingFlood: 'Vous signalez trop vite\u00a0: patientez un instant.',
  unknownMap: "Cette carte n'existe pas dans cette partie.",
  unknownCharacter: "Ce personnage n'existe pas dans cette partie.",
  unknownMonster: "Ce monstre n'existe pas dans cette partie.",
} as const;
