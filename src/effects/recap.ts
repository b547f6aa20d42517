import { fromPromise } from 'xstate';
import {
  exportEvening,
  listEvenings,
  markLastTimeSeen,
  readLastTime,
  readRecap,
  saveEveningNotes,
} from '../api/recap';
import { recapMachine, type ExportFormat, type LoadedRecap } from '../machines/recap.machine';
import { saveBlobFile } from './save-file';

/** The reader's own time zone, so an export's times are the ones they lived. */
const readerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The recap's machine over REST (decision 0037). */
export const recapLogic = recapMachine.provide({
  actors: {
    'load recap': fromPromise(
      async ({
        input,
        signal,
      }: {
        input: { gameId: string; evening: number | null };
        signal: AbortSignal;
      }) => {
        const evenings = await listEvenings(input.gameId, signal);
        if (evenings.length === 0) return { evenings, recap: null };
        return { evenings, recap: await readRecap(input.gameId, input.evening, signal) };
      },
    ),
    'load last time': fromPromise(
      async ({
        input,
        signal,
      }: {
        input: { gameId: string };
        signal: AbortSignal;
      }): Promise<LoadedRecap> => ({
        evenings: [],
        recap: (await readLastTime(input.gameId, signal)).recap,
      }),
    ),
    'mark seen': fromPromise(async ({ input }: { input: { gameId: string; firstSeq: number } }) => {
      await markLastTimeSeen(input.gameId, input.firstSeq);
    }),
    'save notes': fromPromise(({ input }: { input: { gameId: string; evening: number; notes: string } }) =>
      saveEveningNotes(input.gameId, input.evening, input.notes),
    ),
    'export evening': fromPromise(
      async ({ input }: { input: { gameId: string; evening: number; format: ExportFormat } }) => {
        const file = await exportEvening(input.gameId, input.evening, input.format, readerTimeZone());
        saveBlobFile(file.name, file.blob);
      },
    ),
  },
});
