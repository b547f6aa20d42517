import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountData } from '#shared/wire/account-data';
import { currentUser } from '../../plugins/authentication';
import type { AccountDataService } from './service';

const tags = ['Account'];

/** « Télécharger mes données »: the signed-in account's own data, as a file to keep. */
export const accountDataRoutes: FastifyPluginAsyncZod<{ service: AccountDataService }> = async (
  app,
  { service },
) => {
  app.get(
    '/auth/account/data',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        description:
          "The signed-in account's own data as one JSON file to keep (format `shattered-realms/donnees-du-compte@1`), sent as an attachment.",
        response: { 200: accountData },
      },
    },
    async (request, reply) => {
      const data = await service.export(currentUser(request));
      const day = data.exportedAt.slice(0, 10);
      void reply
        .header('content-disposition', `attachment; filename="shattered-realms-mes-donnees-${day}.json"`)
        .header('cache-control', 'no-store');
      return data;
    },
  );
};
