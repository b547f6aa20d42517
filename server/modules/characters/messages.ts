/** The characters module's own texts; the rule refusals come from src/domain/character/messages.ts. */
export const charactersServerMessages = {
  notFound: 'Personnage introuvable.',
  forbidden: "Vous n'êtes pas autorisé à modifier ou consulter ce personnage.",
  created: 'Joueur créé avec succès',
} as const;
