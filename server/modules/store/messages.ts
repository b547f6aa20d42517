/** The store module's French texts; the two successes are platform.md §8's, the rest our own. */
export const storeMessages = {
  exported: 'Ressource exportée vers le store global avec succès !',
  removedFromStore: 'Ressource supprimée du store global avec succès !',
  imported: 'Ressource importée avec succès !',
  importRemoved: 'Import supprimé avec succès !',
  entryNotFound: 'Ressource introuvable dans le store global.',
  alreadyExported: 'Cette ressource est déjà dans le store global.',
  importNotExportable: 'Une ressource importée du store ne peut pas y être exportée à nouveau.',
  alreadyImported: 'Cette ressource est déjà importée dans cette partie.',
  ownExport: 'Cette ressource vient déjà de cette partie.',
  importNotFound: 'Import introuvable dans cette partie.',
  creatorOnly: 'Seul le créateur de cette ressource peut la retirer du store global.',
} as const;
