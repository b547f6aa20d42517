/** French texts of the table's rules; the spec's own texts are verbatim (table.md §4–§6). */
export const tableMessages = {
  killed: (name: string) => `Vous avez tué un ${name}.`,
  equipped: (name: string) => `Équipé: ${name}`,
  unequipped: (name: string) => `Déséquipé: ${name}`,
  playerUnidentified: "Impossible d'envoyer le message : joueur non identifié !",
  systemName: 'Système',
  tokenNotFound: 'Pion introuvable.',
  notYourToken: 'Vous ne pouvez modifier que votre propre pion.',
  onlyOwnCharacter: 'Vous ne pouvez placer que votre propre personnage.',
  alreadyOnMap: 'Ce personnage est déjà sur la carte.',
  invalidToken: 'Pion invalide.',
  onlyMasterTokens: 'Seul le MJ peut masquer ou afficher un pion.',
  onlyMasterMap: 'Seul le MJ peut changer de carte.',
  onlyMasterTurnOrder: "Seul le MJ peut gérer l'ordre de tour.",
  invalidAmount: 'Le montant doit être un nombre entier positif ou nul.',
  noSoulEssence: "Ce pion n'a pas d'essence d'âme.",
  noTokenOnMap: 'Aucun pion sur cette carte.',
  noCombat: 'Aucun combat en cours.',
  invalidTurnOrder: 'Ordre de tour invalide.',
  emptyMessage: 'Le message est vide.',
  messageTooLong: 'Le message ne peut pas dépasser 250 caractères.',
  invalidRoll: 'Jet de dés invalide.',
} as const;

/** Chat input limit (table.md §9 "Table"). */
export const MESSAGE_MAX_LENGTH = 250;
