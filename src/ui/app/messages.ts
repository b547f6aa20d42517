/** Texts of the app shell, around every screen. */
export const appMessages = {
  loading: 'Chargement…',
  // platform.md §9: a chunk that does not arrive within 120 s, or fails, asks for a reload.
  loadFailed: 'Le chargement a échoué. Veuillez recharger la page.',
  reload: 'Recharger la page',
  eventLogButton: 'Journal',
  eventLogHint: 'Exporter le journal des événements (JSON)',
} as const;
