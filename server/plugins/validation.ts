import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Routes validate with the zod schemas of src/api/schemas, and zod speaks French to the user. */
export function useZodValidation(app: FastifyInstance): void {
  z.config(z.locales.fr());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}
