import { z } from 'zod';

/** Every failed call answers this one shape, with a French text meant for the user. */
export const errorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ message: z.string() });

export const idParam = z.object({ id: z.string().min(1) });
