/** Texts of the conditions on tokens, in the turn panel and on the sheet (docs/live-table.md "Conditions"). */
export const conditionViewMessages = {
  title: 'États',
  none: 'Aucun état.',
  kind: 'État',
  custom: 'Marque libre…',
  label: 'Marque',
  labelPlaceholder: 'Béni, Concentration…',
  rounds: 'Durée en rounds',
  roundsPlaceholder: 'sans',
  add: 'Poser',
  remove: (name: string) => `Retirer «\u00a0${name}\u00a0»`,
  /** The rounds left of a condition already marked, which its owner or the MJ may change. */
  duration: (name: string) => `Durée de «\u00a0${name}\u00a0»`,
  roundsLeft: (rounds: number) => (rounds === 1 ? '1 round' : `${rounds} rounds`),
  lasting: 'sans durée',
  /** After the first three on a token: how many more it bears. */
  more: (count: number) => `+${count}`,
  sheetTitle: 'États à la table',
} as const;
