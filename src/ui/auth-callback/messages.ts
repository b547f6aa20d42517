/** Texts of /auth/callback's question (a link must not sign its opener in unasked). */
export const authCallbackMessages = {
  title: 'Connexion',
  // A no-break space keeps the question mark with the name on a narrow screen.
  question: (displayName: string) => `Se connecter en tant que ${displayName}\u00a0?`,
  accept: 'Se connecter',
  decline: 'Annuler',
} as const;
