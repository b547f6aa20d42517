import { describe, expect, it, vi } from 'vitest';

describe('zod without eval', () => {
  it('is jitless before zod loads, and parses objects without ever building a Function', async () => {
    await import('../../src/effects/zod-without-eval');
    const functionConstructor = vi.spyOn(globalThis, 'Function');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ name: z.string(), hp: z.number() });
    expect(schema.parse({ name: 'Aldric', hp: 12 })).toEqual({ name: 'Aldric', hp: 12 });
    expect(schema.safeParse({ name: 'Aldric' }).success).toBe(false);
    expect(functionConstructor).not.toHaveBeenCalled();
    functionConstructor.mockRestore();
  });
});
