import { fromPromise } from 'xstate';
import { listAllGameCharacters } from '../api/characters';
import { getGame } from '../api/games';
import { clearCache } from '../api/cached-responses';
import {
  addResourceToAll,
  assignResource,
  createResource,
  deleteResource,
  listGameResources,
  unassignResource,
  updateResource,
} from '../api/resources';
import type { ResourceForm } from '../api/schemas/resources';
import {
  exportResource,
  importResource,
  listStoreEntries,
  removeImport,
  removeStoreEntry,
} from '../api/store';
import { isLinkable, memoryNamingCategories, type ResourceCategory } from '../domain/resources/categories';
import { sessionUserFromClaims } from '../domain/roles';
import type { adminPermissionCheckMachine, ReadGame } from '../machines/admin-permission-check.machine';
import {
  CardFailure,
  cardFailureTexts,
  type adminActionCardMachine,
  type CardCommand,
  type CardDone,
} from '../machines/admin-action-card.machine';
import { failureText } from '../machines/failure-text';
import type { gameResourcesMachine } from '../machines/game-resources.machine';
import type { storeCatalogueMachine } from '../machines/store-catalogue.machine';
import { storage } from '../api/storage';

/** The admin screens' effects: REST calls as actor logic, provided to their machines. */

export const permissionCheckEffects = {
  actors: {
    // The reader is the one the stored token names: the token the call was answered for (a renewal
    // on the way keeps the same user).
    'read game': fromPromise<ReadGame, { gameId: string }>(async ({ input, signal }) => {
      const game = await getGame(input.gameId, signal);
      const token = storage.get('jwt');
      const readerId = (token === null ? null : sessionUserFromClaims(token))?.id ?? '';
      return { name: game.name, mjUserId: game.mjUserId, readerId };
    }),
  },
} satisfies Parameters<typeof adminPermissionCheckMachine.provide>[0];

export const gameResourcesEffects = {
  actors: {
    'load lists': fromPromise(
      async ({
        input,
        signal,
      }: {
        input: { gameId: string; category: ResourceCategory };
        signal: AbortSignal;
      }) => {
        const [resources, characters, memories] = await Promise.all([
          listGameResources(input.gameId, input.category, { signal }),
          // The game's characters only matter for giving; without them the lists still show.
          listAllGameCharacters(input.gameId, signal).catch((error: unknown) => {
            console.error('Chargement des personnages impossible', error);
            return [];
          }),
          // Nor do the memories, only offered by the forms that name one.
          memoryNamingCategories.includes(input.category)
            ? listGameResources(input.gameId, 'memory', { signal }).catch((error: unknown) => {
                console.error('Chargement des mémoires impossible', error);
                return [];
              })
            : [],
        ]);
        return { resources, characters, memories };
      },
    ),
  },
} satisfies Parameters<typeof gameResourcesMachine.provide>[0];

export const storeCatalogueEffects = {
  actors: {
    'load entries': fromPromise(
      ({ input, signal }: { input: { category: ResourceCategory }; signal: AbortSignal }) =>
        listStoreEntries(input.category, signal),
    ),
  },
} satisfies Parameters<typeof storeCatalogueMachine.provide>[0];

/** What every card command carries besides its own payload. */
export interface CardScope {
  gameId: string | null;
  category: ResourceCategory;
  /** The game resource or store entry acted on. */
  targetId: string | null;
}

export type CardPayload = CardScope & {
  form?: ResourceForm;
  playerId?: string;
  quantity?: number;
};

const createdNotice = 'Ressource enregistrée avec succès !';

async function run({ action, payload }: CardCommand): Promise<string> {
  const { gameId, category, targetId, form, playerId, quantity = 1 } = payload as CardPayload;
  const inGame = () => {
    if (gameId === null) throw new Error('a game action needs a game');
    return gameId;
  };
  const target = () => {
    if (targetId === null) throw new Error('this action needs a target');
    return targetId;
  };
  const linkable = () => {
    if (!isLinkable(category)) throw new Error(`${category} cannot be given to a character`);
    return category;
  };
  switch (action) {
    case 'create':
      await createResource(inGame(), category, form!);
      return createdNotice;
    case 'update':
      await updateResource(inGame(), category, target(), form!);
      return createdNotice;
    case 'delete':
      return (await deleteResource(inGame(), category, target())).message;
    case 'assign':
      return (
        await assignResource(inGame(), linkable(), { resourceId: target(), playerId: playerId!, quantity })
      ).message;
    case 'unassign':
      return (await unassignResource(inGame(), linkable(), target(), playerId!)).message;
    case 'addToAll':
      return (await addResourceToAll(inGame(), linkable(), { resourceId: target(), quantity })).message;
    case 'export':
      return (await exportResource(inGame(), category, target())).message;
    case 'import':
      return (await importResource(inGame(), category, target())).message;
    case 'removeImport':
      return (await removeImport(inGame(), category, target())).message;
    case 'removeFromStore':
      return (await removeStoreEntry(category, target())).message;
  }
}

export const actionCardEffects = {
  actors: {
    perform: fromPromise<CardDone, CardCommand>(async ({ input }) => {
      try {
        return { action: input.action, notice: await run(input) };
      } catch (error) {
        const message = failureText(error, error instanceof Error ? error.message : 'Erreur inconnue');
        const shown = cardFailureTexts[input.action];
        if (shown === null) console.error(`Action ${input.action} échouée : ${message}`);
        throw new CardFailure(shown === null ? null : shown(message));
      }
    }),
  },
  actions: {
    // table.md §4: after every submit the cache is cleared; the screen reloads its lists.
    'refresh lists': () => clearCache(),
  },
} satisfies Parameters<typeof adminActionCardMachine.provide>[0];
