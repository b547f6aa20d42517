/** French texts of the dice and attack rules; the spec's own texts are verbatim (table.md §5). */
export const diceMessages = {
  invalidCommand: 'Commande invalide...',
  commandHelp:
    "Formats acceptés : /r XdY±Z (ou /roll XdY±Z), /rs XdY±Z (jet secret), /ra XdY±Z (jet à l’aveugle), /ar XdY+Z technique (type d'arme) et /w Nom message (murmure)",
  formIncomplete: 'Veuillez sélectionner un type de dé et un nombre de dés !',
  invalidWeaponStat: "Statistique d'arme invalide ou non définie.",
  invalidDamage: 'Jet de dégâts invalide (exemple : 1d10+5).',
} as const;
