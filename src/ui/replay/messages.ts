/** « Rejouer la partie »'s texts (docs/live-table.md "Replay"). */

const timeFormat = new Intl.DateTimeFormat('fr-FR', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export const replayTexts = {
  open: 'Rejouer',
  title: 'Rejouer la partie',
  back: 'Retour à la table',
  loading: 'Chargement de l’historique…',
  retry: 'Réessayer',
  timeline: 'Historique de la partie',
  position: 'Position dans l’historique',
  positionOf: (seq: number, head: number) => `Événement ${seq} sur ${head}`,
  play: 'Lecture',
  pause: 'Pause',
  step: 'Pas suivant',
  speed: 'Vitesse',
  speedOf: (speed: number) => `×${speed}`,
  evenings: 'Séances',
  noEvening: 'Aucune séance n’a encore été jouée à cette table.',
  turns: 'Aller à un tour',
  chooseTurn: 'Choisir un tour…',
  turnOf: (fight: number, round: number, at: string) =>
    `Combat ${fight}, round ${round}, à ${timeFormat.format(new Date(at))}`,
  time: 'Aller à l’heure',
  go: 'Aller',
  map: 'Carte rejouée',
  noMap: 'Aucune carte n’était affichée à ce moment.',
  turnOrder: 'Ordre du tour',
  noTurnOrder: 'Aucun combat en cours.',
  round: (round: number) => `Round ${round}`,
  hiddenTurn: 'Participant caché',
  documents: 'Documents',
  noDocuments: 'Aucun document montré à ce moment.',
  pictureNotReplayed: 'Une image ne se revoit qu’à la table, tant que le MJ la montre.',
  chat: 'Discussion',
  noChat: 'Aucun message à ce moment.',
  readOnly: 'Lecture seule\u00a0: rien de ce que vous voyez ici ne change la partie.',
} as const;
