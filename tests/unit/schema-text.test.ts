import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonSchemaOf } from '../../server/modules/api-documents/json-schema';
import { schemaText } from '../../server/modules/api-documents/schema-text';

const text = (schema: z.ZodType) => schemaText(jsonSchemaOf(schema, 'draft-2020-12'));

describe('a contract written as a type on the API page', () => {
  it('writes fields with their optional marks and the bounds a caller must respect', () => {
    expect(
      text(
        z.object({
          gameId: z.string().min(1).max(100),
          afterSeq: z.number().int().min(0),
          epoch: z.number().optional(),
        }),
      ),
    ).toBe('{\n  gameId: string; // min 1, max 100\n  afterSeq: integer; // ≥ 0\n  epoch?: number;\n}');
  });

  it('leaves out the safe-integer range zod writes on every integer, and a format’s pattern', () => {
    expect(text(z.object({ count: z.number().int() }))).toBe('{\n  count: integer;\n}');
    expect(text(z.object({ at: z.iso.datetime({ offset: true }) }))).toBe('{\n  at: string (date-time);\n}');
  });

  it('writes literals, enums, arrays and records', () => {
    expect(text(z.literal('ok'))).toBe('"ok"');
    expect(text(z.enum(['undo', 'redo']))).toBe('"undo" | "redo"');
    expect(text(z.array(z.string()))).toBe('string[]');
    expect(text(z.array(z.union([z.string(), z.number()])))).toBe('Array<string | number>');
    expect(text(z.record(z.string(), z.boolean()))).toBe('Record<string, boolean>');
  });

  it('writes a nullable object as the object then `| null`, and a union of objects one per line', () => {
    expect(text(z.object({ id: z.string() }).nullable())).toBe('{\n  id: string;\n} | null');
    expect(
      text(
        z.union([z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), error: z.string() })]),
      ),
    ).toBe('\n  | {\n    ok: true;\n  }\n  | {\n    ok: false;\n    error: string;\n  }');
  });

  it('reads a value JSON Schema cannot say (a transform) as any', () => {
    expect(text(z.unknown().transform(() => 1))).toBe('any');
  });
});
