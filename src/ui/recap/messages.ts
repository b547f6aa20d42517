import { EVENING_NOTES_MAX } from '../../api/schemas/recap';

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;

/** « Résumé de la séance »'s texts (decision 0037). */
export const recapTexts = {
  open: 'Résumé de la séance',
  title: 'Résumé de la séance',
  lastTime: 'La dernière fois…',
  close: 'Fermer le résumé',
  understood: 'Reprendre la partie',
  loading: 'Chargement du résumé…',
  retry: 'Réessayer',
  dismiss: 'Fermer le message',
  noEvening: 'Aucune séance n’a encore été jouée à cette table.',
  evening: 'Séance',
  combatants: 'Personnages et créatures',
  columns: {
    name: 'Nom',
    dealt: 'Dégâts infligés',
    taken: 'Dégâts subis',
    kills: 'Victimes',
    crits: 'Critiques',
    fumbles: '1 naturels',
    opponents: 'Adversaires',
  },
  noCombatant: 'Personne n’a combattu.',
  fights: 'Combats',
  noFight: 'Aucun combat.',
  fight: (map: string, rounds: number, turns: number) =>
    `${map}\u00a0: ${plural(rounds, 'round', 'rounds')}, ${plural(turns, 'tour', 'tours')}`,
  longest: 'le plus long',
  ongoing: 'en cours',
  span: (from: string, to: string) => `de ${from} à ${to}`,
  turns: (turns: number) => `Tours joués\u00a0: ${turns}`,
  maps: 'Cartes visitées',
  noMap: 'Aucune carte.',
  d20: 'Jets de d20',
  d20Summary: (total: number) =>
    total === 0 ? 'Aucun d20 lancé.' : `${plural(total, 'd20 lancé', 'd20 lancés')}.`,
  faces: 'Face par face',
  face: (face: number, count: number) => `${face}\u00a0: ${count}`,
  notes: 'Notes du MJ',
  noNotes: 'Le MJ n’a rien ajouté.',
  editNotes: 'Écrire les notes',
  notesField: 'Notes du MJ sur la séance',
  notesHint: `${EVENING_NOTES_MAX.toLocaleString('fr-FR')} caractères au plus.`,
  save: 'Enregistrer',
  cancel: 'Annuler',
  exportMarkdown: 'Exporter en Markdown',
  exportJson: 'Exporter en JSON',
  dash: '—',
} as const;
