import { z } from 'zod';
import { sendPrivateMessagePayload } from '#shared/wire/messages';
import { httpError, HttpError } from '../../lib/errors';
import { createTokenBuckets, MESSAGES_PER_SECOND, messageFloodRefusal } from '../../lib/token-bucket';
import type { ConnectionHandler } from '../../realtime/types';
import type { MessagesService } from './service';

/**
 * `sendPrivateMessage {receiverId, content, senderId}`: the sender is the socket's user, the
 * payload's senderId is ignored. Every refusal reaches the sending socket as
 * `privateMessageError {error}` (and in the ack when one is asked for). A user sending faster than
 * their token bucket allows — one for all their sockets on this process — is refused too.
 */
export function privateMessageEvents(service: MessagesService, messageBurst: number): ConnectionHandler {
  const buckets = createTokenBuckets(messageBurst, MESSAGES_PER_SECOND);
  return (socket, on) => {
    const refuse = (error: string): never => {
      socket.emit('privateMessageError', { error });
      throw httpError(400, error);
    };

    on('sendPrivateMessage', z.unknown(), async (payload) => {
      const parsed = sendPrivateMessagePayload.safeParse(payload);
      if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? 'Message invalide');
      const { receiverId, content, clientId } = parsed.data;
      if (!buckets.take(socket.data.user.id)) return refuse(messageFloodRefusal);
      try {
        const sent = await service.sendPrivate(socket.data.user, receiverId, content, clientId);
        return { id: sent.id };
      } catch (error) {
        if (error instanceof HttpError) socket.emit('privateMessageError', { error: error.message });
        throw error;
      }
    });
  };
}
