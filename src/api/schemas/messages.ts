import { z } from 'zod';
import { MESSAGE_MAX, messageContent, socialRules } from '../../domain/social';

/** Messages (platform.md §3 "Message", §7 "Messages" and the private chat events). */

export const message = z.object({
  id: z.string(),
  content: z.string(),
  type: z.string(),
  gameId: z.string().nullable(),
  senderId: z.string().nullable(),
  receiverId: z.string().nullable(),
  senderName: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  isSystemMessage: z.boolean(),
  /** Echo of the id the sending tab gave its pending copy, so it can swap it for this one. */
  clientId: z.string().optional(),
});
export type Message = z.infer<typeof message>;

const content = z
  .string({ error: socialRules.messageEmpty })
  .max(MESSAGE_MAX * 4)
  .transform((raw, context) => {
    const checked = messageContent(raw);
    if ('error' in checked) {
      context.addIssue({ code: 'custom', message: checked.error });
      return z.NEVER;
    }
    return checked.content;
  });

const clientId = z.string().max(100).optional();

/** Socket `sendPrivateMessage`; `senderId` is accepted and ignored: the sender is the socket's user. */
export const sendPrivateMessagePayload = z.object({
  receiverId: z.string({ error: 'Destinataire non précisé' }).min(1).max(100),
  content,
  senderId: z.unknown().optional(),
  clientId,
});
export type SendPrivateMessagePayload = z.input<typeof sendPrivateMessagePayload>;

/** POST /message; the sender fields are ignored like the socket's `senderId`. */
export const postMessageRequest = z.object({
  content,
  type: z.string().max(30).optional(),
  gameId: z.string().max(100).nullish(),
  receiverId: z.string().max(100).nullish(),
  senderId: z.unknown().optional(),
  senderUserId: z.unknown().optional(),
  clientId,
});

export const conversationFriend = z.object({
  id: z.string(),
  display_name: z.string(),
  username: z.string(),
  isOnline: z.boolean(),
});
export type ConversationFriend = z.infer<typeof conversationFriend>;

export const conversationResponse = z.object({ messages: z.array(message), friend: conversationFriend });
export type ConversationResponse = z.infer<typeof conversationResponse>;

export const markReadResponse = z.object({ message: z.string(), count: z.number().int().min(0) });

export const privateMessageErrorEvent = z.object({ error: z.string() });
