import { z } from 'zod';
import { tableEvent } from './table';

/** The wire contract of « Résumé de la séance » and its exports (decision 0037). */

export const EVENING_NOTES_MAX = 2000;

export const recapMessages = {
  noEvening: 'Aucune séance n’a encore été jouée à cette table.',
  eveningNotFound: 'Séance introuvable.',
  badEvening: 'Le numéro de séance est un entier positif.',
  masterOnly: 'Seul le MJ peut écrire les notes de la séance.',
  notesTooLong: `Les notes de la séance tiennent en ${EVENING_NOTES_MAX.toLocaleString('fr-FR')} caractères au plus.`,
  notesRequired: 'Écrivez les notes de la séance (un texte, même vide).',
  badTimeZone: 'Fuseau horaire inconnu.',
  badSeen: 'La séance vue est donnée par son premier événement, un entier positif.',
} as const;

export const recapGameParams = z.object({ gameId: z.string().min(1).max(200) });

export const recapEvening = z.object({
  number: z.number().int(),
  firstSeq: z.number().int(),
  lastSeq: z.number().int(),
  startedAt: z.string(),
  endedAt: z.string(),
  events: z.number().int(),
});
export type RecapEvening = z.infer<typeof recapEvening>;
export const recapEveningList = z.array(recapEvening);

export const combatantRecap = z.object({
  name: z.string(),
  isPlayer: z.boolean(),
  dealt: z.number(),
  taken: z.number(),
  kills: z.number().int(),
  crits: z.number().int(),
  fumbles: z.number().int(),
  opponents: z.array(z.string()),
});

export const fightRecap = z.object({
  map: z.string(),
  startedAt: z.string(),
  endedAt: z.string(),
  rounds: z.number().int(),
  turns: z.number().int(),
  participants: z.array(z.string()),
  ongoing: z.boolean(),
});

export const recap = z.object({
  combatants: z.array(combatantRecap),
  d20Faces: z.array(z.number().int()).length(20),
  turns: z.number().int(),
  maps: z.array(z.string()),
  fights: z.array(fightRecap),
  longest: z.number().int().nullable(),
});

/** An evening's recap as one member reads it, with the MJ's lines and whether they may write them. */
export const eveningRecap = z.object({
  evening: recapEvening,
  recap,
  notes: z.string(),
  mayWriteNotes: z.boolean(),
});
export type EveningRecap = z.infer<typeof eveningRecap>;

const eveningNumber = z.coerce
  .number({ error: recapMessages.badEvening })
  .int({ error: recapMessages.badEvening })
  .min(1, { error: recapMessages.badEvening });

const timeZone = z
  .string()
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('fr-FR', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { error: recapMessages.badTimeZone },
  );

/** `GET …/recap` and the exports: the evening by its number, the last without one. */
export const recapQuery = z.object({ evening: eveningNumber.optional(), timeZone: timeZone.optional() });
export type RecapQuery = z.infer<typeof recapQuery>;

/** `PUT …/recap/notes`: the MJ's own lines for an evening. */
export const saveEveningNotesRequest = z.object({
  evening: eveningNumber,
  notes: z
    .string({ error: recapMessages.notesRequired })
    .max(EVENING_NOTES_MAX, { error: recapMessages.notesTooLong }),
});
export type SaveEveningNotesRequest = z.infer<typeof saveEveningNotesRequest>;

/** `GET …/recap/last-time`: the previous evening's recap when this user has not seen it yet. */
export const lastTimeAnswer = z.object({ recap: eveningRecap.nullable() });
export type LastTimeAnswer = z.infer<typeof lastTimeAnswer>;

/** `PUT …/recap/last-time`: « La dernière fois… » read, for the evening starting at `firstSeq`. */
export const lastTimeSeenRequest = z.object({
  firstSeq: z.number({ error: recapMessages.badSeen }).int({ error: recapMessages.badSeen }).min(1, {
    error: recapMessages.badSeen,
  }),
});

/** `GET …/recap/export.json`: the evening and its events as the exporter received them. */
export const eveningExport = z.object({ evening: recapEvening, events: z.array(tableEvent) });
