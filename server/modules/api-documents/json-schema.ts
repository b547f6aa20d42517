import { z } from 'zod';

/**
 * A contract's JSON Schema as it travels, for the API documents: what a reader of the wire sees
 * (`input`, before the receiver's defaults and transforms). A transform's output, which JSON
 * Schema cannot say, reads as any value.
 */
export function jsonSchemaOf(
  schema: z.ZodType,
  target: 'draft-2020-12' | 'draft-7',
): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target,
    io: 'input',
    unrepresentable: 'any',
  });
  return rest;
}
