/** Texts of /auth/callback's question (issue 41: a link must not sign its opener in unasked). */
export const authCallbackMessages = {
  title: 'Connexion',
  question: (displayName: string) => `Se connecter en tant que ${displayName} ?`,
  accept: 'Se connecter',
  decline: 'Annuler',
} as const;
