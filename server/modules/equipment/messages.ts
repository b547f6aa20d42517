/** The equipment module's own texts; the rule refusals come from src/domain/character/messages.ts. */
export const equipmentMessages = {
  unchanged: 'Aucun changement d’équipement.',
} as const;
