/** The characters module's own texts; the rule refusals come from src/domain/character/messages.ts. */
export const charactersServerMessages = {
  notFound: 'Personnage introuvable.',
  forbidden: "Vous n'êtes pas autorisé à modifier ou consulter ce personnage.",
  notInGame: 'Ce personnage ne peut plus agir dans cette partie : son joueur n’en fait plus partie.',
  created: 'Joueur créé avec succès',
} as const;
