/** platform.md §2, /auth/callback: what is logged when the sign-in service sent too little. */
export const authCallbackMessages = {
  missingTokens: 'Retour de connexion incomplet : access_token ou refresh_token manquant',
} as const;
