import type { ItemChangePayload } from '#shared/wire/table';
import { httpError } from '../../lib/errors';
import { createTokenBuckets, type TokenBuckets } from '../../lib/token-bucket';

/**
 * How often one user may ask the table for each kind of change, from all their sockets on this
 * process (docs/server.md "Floods"). A kind is as costly as what it writes: an attack rolls and
 * writes a line per target, a move one event. Chat lines have their own allowance (MESSAGE_BURST).
 */
export type CommandKind =
  | 'move'
  | 'placement'
  | 'adjustment'
  | 'attack'
  | 'turnOrder'
  | 'map'
  | 'history'
  | 'fog'
  | 'vision'
  | 'ambience';

export const COMMAND_RATES: Record<CommandKind, { burst: number; perSecond: number; refusal: string }> = {
  // Keyboard moves repeat at about 30 a second; a drag ends in one drop.
  move: { burst: 80, perSecond: 40, refusal: 'Vous déplacez des pions trop vite : patientez un instant.' },
  // An MJ fills a map with a troop of monsters in a few seconds.
  placement: {
    burst: 30,
    perSecond: 5,
    refusal: 'Vous placez, retirez ou masquez des pions trop vite : patientez un instant.',
  },
  adjustment: {
    burst: 20,
    perSecond: 5,
    refusal: 'Vous ajustez les jauges trop vite : patientez un instant.',
  },
  // An MJ plays a few monsters in a row; every attack is rolled, logged and read in the chat.
  attack: { burst: 8, perSecond: 1, refusal: 'Vous attaquez trop vite : patientez un instant.' },
  turnOrder: {
    burst: 10,
    perSecond: 2,
    refusal: 'Vous modifiez l’ordre de tour trop vite : patientez un instant.',
  },
  map: { burst: 6, perSecond: 1, refusal: 'Vous changez de carte trop vite : patientez un instant.' },
  // Ctrl+Z held down walks back through the 30 actions a history keeps.
  history: {
    burst: 30,
    perSecond: 5,
    refusal: 'Vous annulez ou rétablissez trop vite : patientez un instant.',
  },
  // The MJ paints the fog stroke after stroke, each one command.
  fog: {
    burst: 20,
    perSecond: 4,
    refusal: 'Vous dessinez le brouillard trop vite\u00a0: patientez un instant.',
  },
  // The MJ draws walls one after the other, and opens doors as the party walks in.
  vision: {
    burst: 20,
    perSecond: 4,
    refusal: 'Vous modifiez les murs trop vite\u00a0: patientez un instant.',
  },
  // The MJ starts a music and a rain, then moves a volume slider: one command at each release.
  ambience: {
    burst: 20,
    perSecond: 4,
    refusal: 'Vous réglez l’ambiance trop vite\u00a0: patientez un instant.',
  },
};

const ITEM_CHANGE_KINDS: Record<ItemChangePayload['change']['type'], CommandKind> = {
  'token.move': 'move',
  'token.moveMany': 'move',
  'token.place': 'placement',
  'token.remove': 'placement',
  'token.toggleVisibility': 'placement',
  'token.resize': 'placement',
  'token.adjust': 'adjustment',
  'token.condition': 'adjustment',
};

export function kindOfItemChange(change: ItemChangePayload['change']): CommandKind {
  return ITEM_CHANGE_KINDS[change.type];
}

export interface CommandRates {
  /** Takes one of the user's allowance of this kind, or throws the French 429 that says which. */
  take(userId: string, kind: CommandKind): void;
}

/** `scale` multiplies every allowance (`TABLE_RATE_SCALE`). */
export function createCommandRates(scale = 1, now: () => number = Date.now): CommandRates {
  const buckets = Object.fromEntries(
    Object.entries(COMMAND_RATES).map(([kind, { burst, perSecond }]) => [
      kind,
      createTokenBuckets(burst * scale, perSecond * scale, now),
    ]),
  ) as Record<CommandKind, TokenBuckets>;
  return {
    take(userId, kind) {
      if (!buckets[kind].take(userId)) throw httpError(429, COMMAND_RATES[kind].refusal);
    },
  };
}
