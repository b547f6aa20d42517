import { fromPromise } from 'xstate';
import { createCharacter, getCharacterSheet, updateCharacter } from '../api/characters';
import { getPublicConfig } from '../api/config';
import type { CreateCharacterRequest } from '../api/schemas/characters';

/** The image bucket's base address from `GET /config`. */
const loadImageBucket = fromPromise<string>(
  async ({ signal }) => (await getPublicConfig(signal)).imageBucketUrl,
);

/** The creation machine's calls in the browser; the page adds where to go afterwards. */
export const characterCreationActors = {
  'load image bucket': loadImageBucket,
  'create character': fromPromise(
    async ({ input, signal }: { input: CreateCharacterRequest; signal: AbortSignal }) => ({
      id: (await createCharacter(input, signal)).id,
    }),
  ),
};

/** The sheet machine's calls in the browser. */
export const characterSheetActors = {
  'load image bucket': loadImageBucket,
  'load sheet': fromPromise(
    ({ input, signal }: { input: { playerId: string; gameId: string | null }; signal: AbortSignal }) =>
      getCharacterSheet(input.playerId, input.gameId, signal),
  ),
  'update image': fromPromise(
    ({ input, signal }: { input: { playerId: string; assetLink: string | null }; signal: AbortSignal }) =>
      updateCharacter(input.playerId, { assetLink: input.assetLink }, signal),
  ),
};
