import { z } from 'zod';
import {
  CONDITION_KINDS,
  MAX_CONDITION_ROUNDS,
  MAX_CONDITIONS,
  MAX_MARK_LENGTH,
  type TokenCondition,
} from '../../domain/table/conditions';

/**
 * A token's conditions on the wire (docs/live-table.md "Conditions"): on the token, in its events and
 * on a character's sheet. Their rules (a mark's words, one of a kind) are the domain's to check.
 */
export const conditionKind = z.enum([...CONDITION_KINDS, 'custom']);

const rounds = z.number().int().min(1).max(MAX_CONDITION_ROUNDS);

export const tokenCondition = z.object({
  id: z.string().min(1).max(200),
  kind: conditionKind,
  label: z.string().max(MAX_MARK_LENGTH).optional(),
  roundsLeft: rounds.nullable(),
  fromNextTurn: z.literal(true).optional(),
}) satisfies z.ZodType<TokenCondition>;

export const tokenConditions = z.array(tokenCondition).max(MAX_CONDITIONS);

/** `token.condition`, a change of `itemChange`: what to mark, take off or time anew. */
export const conditionChange = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('add'),
    kind: conditionKind,
    // Longer words are refused by the domain in French; these bounds only keep a payload small.
    label: z.string().max(200).nullish(),
    rounds: z.number().int().min(0).max(1_000).nullable(),
  }),
  z.object({ op: z.literal('remove'), conditionId: z.string().min(1).max(200) }),
  z.object({
    op: z.literal('set'),
    conditionId: z.string().min(1).max(200),
    rounds: z.number().int().min(0).max(1_000).nullable(),
  }),
]);
