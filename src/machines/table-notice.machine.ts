import { assign, setup } from 'xstate';

export type TableNoticeEvent =
  /** The server refused a change, or a request failed: say so. */
  { type: 'notice.show'; text: string } | { type: 'notice.dismiss' };

/**
 * The table's brief word on a refused change (table.md §6: unauthorised changes are refused and
 * never shown). Nothing changed on the table, so the text only needs to be read: it goes away by
 * itself after a few seconds, or at once when dismissed; a newer refusal replaces it and starts
 * the wait again.
 */
export const tableNoticeMachine = setup({
  types: {
    context: {} as { text: string | null },
    events: {} as TableNoticeEvent,
  },
  actions: {
    'keep text': assign({ text: (_, text: string) => text }),
    'forget text': assign({ text: null }),
  },
  delays: { noticeLifetime: 4000 },
}).createMachine({
  id: 'tableNotice',
  context: { text: null },
  initial: 'hidden',
  on: {
    'notice.show': {
      target: '.shown',
      reenter: true,
      actions: { type: 'keep text', params: ({ event }) => event.text },
    },
  },
  states: {
    hidden: {},
    shown: {
      after: { noticeLifetime: { target: 'hidden', actions: 'forget text' } },
      on: { 'notice.dismiss': { target: 'hidden', actions: 'forget text' } },
    },
  },
});
