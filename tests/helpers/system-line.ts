import type { TableEvent } from '../../src/domain/table/types';

/** A server's chat line under `seq` and an owner's `epoch`: the plainest event a log can hold. */
export const systemLine = (seq: number, epoch: number, message = `ligne ${seq}@${epoch}`): TableEvent => ({
  seq,
  epoch,
  type: 'chat.system',
  payload: {
    playerName: 'Système',
    senderId: null,
    avatar: null,
    senderUserId: null,
    message,
    type: 'system',
  },
  userId: null,
  createdAt: '2026-11-26T12:00:00.000Z',
});
