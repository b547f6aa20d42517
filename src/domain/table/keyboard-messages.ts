/**
 * What the table says, in its live region, to whoever plays it with the keyboard alone (decision
 * 0034): what the keys just did, never what happened at the table (that is the narration's).
 */
export const keyboardMessages = {
  lifted: (name: string) =>
    `Pion soulevé\u00a0: ${name}. Flèches pour le déplacer, Entrée pour le poser, Échap pour le reposer.`,
  putDown: (name: string) => `Pion posé\u00a0: ${name}.`,
  putBack: (name: string) => `Pion reposé à sa place\u00a0: ${name}.`,
  target: (name: string, cells: number) => `Cible\u00a0: ${name}, à ${cells} case${cells > 1 ? 's' : ''}.`,
  noTargetInReach: 'Aucune cible à portée.',
  chooseTargetFirst: 'Choisissez d’abord une cible avec les flèches.',
  caught: (names: readonly string[]) =>
    names.length === 0 ? 'Zone\u00a0: personne.' : `Zone\u00a0: ${names.join(', ')}.`,
} as const;
