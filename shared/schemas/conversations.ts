// Wire shapes of conversations (issue 32): a message as its reader sees it, and a conversation as one
// of its two people sees it.
import { z } from 'zod';
import { CURRENCIES } from '../catalog';
import { POST_STATUSES } from '../post-status';

const id = z.number().int();

/** `fromMe` and `safetyWarning` are the reader's: a warning is for the one who received the message. */
export const chatMessageSchema = z.object({
  id,
  body: z.string(),
  /** ISO time. */
  sentAt: z.string(),
  fromMe: z.boolean(),
  safetyWarning: z.string().nullable(),
});

export const conversationSchema = z.object({
  id,
  post: z.object({
    id,
    name: z.string(),
    price: z.string(),
    currency: z.enum(CURRENCIES),
    status: z.enum(POST_STATUSES),
    thumbUrl: z.string().nullable(),
  }),
  other: z.object({ id, name: z.string() }),
  lastMessage: chatMessageSchema.nullable(),
  unread: z.number().int(),
  blocked: z.boolean(),
  /** A plain sentence to show in the thread when the other account is new (issue 32); else null. */
  safetyTip: z.string().nullable(),
});

export const conversationsPageSchema = z.object({
  conversations: z.array(conversationSchema),
  nextCursor: z.string().nullable(),
});

export const messagesPageSchema = z.object({
  messages: z.array(chatMessageSchema),
  nextCursor: z.string().nullable(),
});

export const unreadCountsSchema = z.object({ messages: z.number().int(), notifications: z.number().int() });

export const blockedUsersSchema = z.object({
  users: z.array(z.object({ id, name: z.string(), blockedAt: z.string() })),
});
