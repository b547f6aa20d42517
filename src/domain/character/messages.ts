/**
 * The French texts of the character rules: table.md §5 and §8 verbatim, then the few refusals the
 * spec does not word (a forged sheet the page itself never sends), written as the product would.
 */
export const characterMessages = {
  nameRequired: 'Veuillez indiquez un nom pour votre personnage',
  nameTooLong: 'Le nom du personnage ne peut pas dépasser 10 caractères',
  boostsUnused: 'Veuillez utilisez tout vos boost de capacité de combat',
  statPointsUnused: 'Veuillez utilisez tout vos points de statistiques',
  skillPointsUnused: 'Veuillez utilisez tout vos points de compétences',
  invalidImageLink: "URL invalide, veuillez vous adressez au MJ pour plus d'information.",
  created: 'Joueur créé avec succès',
  creationFailed: 'Erreur lors de la création du joueur',
  equipFailed: "Une erreur est survenue lors de l'équipement.",
  imageUpdateFailed: 'Erreur.',
  invalidEquipAction: "Invalid action. Expected 'equip' or 'unequip'.",
  // Not worded by the spec.
  statOutOfRange: 'Chaque statistique doit être comprise entre 4 et 20.',
  skillOutOfRange: 'Chaque compétence reçoit entre 0 et 3 points.',
  unknownSkill: 'Compétence inconnue :',
  budgetOverspent: 'La répartition dépasse les points disponibles.',
  boostValueInvalid: 'Une capacité de combat vaut 0, ou 2 quand elle est boostée.',
  derivedMismatch: 'Les statistiques dérivées ne correspondent pas à la répartition.',
  soulCoreOutOfRange: 'Le noyau d’âme est compris entre 0 et 1000.',
  soulCoreMasterOnly: 'Seul le MJ de la partie fixe directement le noyau d’âme ; consommez un Soul Shard.',
  memoryIdRequired: 'Indiquez la mémoire (memoryId).',
  playerIdRequired: 'Indiquez le personnage (playerId).',
  memoryNotHeld: 'Ce personnage ne possède pas cette mémoire.',
  itemNotHeld: 'Ce personnage ne possède pas cet objet.',
  notASoulShard: 'Cet objet n’est pas un Soul Shard.',
  shardQuantityInvalid: 'La quantité doit être un nombre entier supérieur ou égal à 1.',
  shardsTooFew: (held: number) => `Quantité insuffisante : ce personnage n’en possède que ${held}.`,
  soulCoreFull: 'Le noyau d’âme est déjà plein (1000).',
  shardsConsumed: (count: number, soulCore: number) =>
    `${count} Soul Shard${count > 1 ? 's' : ''} consommé${count > 1 ? 's' : ''} : noyau d’âme à ${soulCore}.`,
} as const;
