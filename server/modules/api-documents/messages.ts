/**
 * The page's own words, in French as every page of the product; what it documents (descriptions
 * of routes and events) is written in English, as the code it comes from (decision 0039).
 */
export const apiDocumentsMessages = {
  title: 'Documentation de l’API',
  intro:
    'Les contrats de Shattered Realms, tirés des schémas que le serveur vérifie\u00a0: pour écrire un client ou un robot. Les descriptions sont en anglais, comme le code\u00a0; les erreurs renvoyées sont en français.',
  documents: 'Documents bruts\u00a0:',
  openApi: 'OpenAPI 3.1 (routes REST)',
  asyncApi: 'AsyncAPI 3.0 (événements temps réel)',
  contents: 'Sommaire',
  rest: 'Routes REST',
  restIntro: (base: string) =>
    `Toutes les routes sont sous « ${base} ». Une réponse est du JSON sauf mention contraire\u00a0; un refus est « { "error": "…" } » avec un texte en français.`,
  realtimeIntro: (path: string) =>
    `Une seule connexion socket.io sur « ${path} », ouverte avec le jeton d’accès (« auth: { token } »). Un événement du client reçoit sa réponse dans le rappel («\u00a0ack\u00a0»)\u00a0: « { ok: true, … } » ou « { ok: false, error } ».`,
  fromClient: 'Événements du client au serveur',
  fromServer: 'Événements du serveur au client',
  isPublic: 'Publique',
  needsToken: 'Jeton d’accès requis',
  parameters: 'Paramètres',
  body: 'Corps de la requête',
  response: (status: string) => (status === 'default' ? 'Refus' : `Réponse ${status}`),
  payload: 'Contenu',
  ack: 'Réponse (ack)',
  inPath: 'chemin',
  inQuery: 'requête',
  required: 'requis',
  optional: 'facultatif',
  noContent: 'Aucun contenu',
} as const;
