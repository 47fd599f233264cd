// A message and a conversation as one of its two people sees them (shared/schemas/conversations.ts).
// A safety warning is for the one who received the message; the safety tip for a conversation with
// an account younger than a week.
import type { z } from 'zod';
import { MSG } from '../../../shared/messages';
import type { chatMessageSchema, conversationSchema } from '../../../shared/schemas/conversations';
import { DAY_MS } from '../../infra/clock';
import { mediaUrl } from '../posts';
import { safetyWarningFor } from '../safety';
import type { ConversationViewRow, MessageRow } from './repo';

/** How long an account counts as new: its conversations show the safety tip, it starts fewer a day. */
export const NEW_ACCOUNT_DAYS = 7;

export type ChatMessage = z.input<typeof chatMessageSchema>;
export type Conversation = z.input<typeof conversationSchema>;

export function presentMessage(
  row: Pick<MessageRow, 'id' | 'senderId' | 'body' | 'scamSignals' | 'createdAt'>,
  readerId: number,
): ChatMessage {
  const fromMe = row.senderId === readerId;
  return {
    id: row.id,
    body: row.body,
    sentAt: row.createdAt.toISOString(),
    fromMe,
    safetyWarning: fromMe ? null : safetyWarningFor(row.scamSignals),
  };
}

export const isNewAccount = (createdAt: Date, now: Date) =>
  now.getTime() - createdAt.getTime() < NEW_ACCOUNT_DAYS * DAY_MS;

/** `blocked`: either of the two blocked the other. A deleted account counts as blocked: nobody is there. */
export function presentConversation(row: ConversationViewRow, blocked: boolean, now: Date): Conversation {
  const last = row.last;
  return {
    id: row.id,
    post: {
      id: row.post.id,
      name: row.post.name,
      price: row.post.price,
      currency: row.post.currency,
      status: row.post.status,
      thumbUrl: row.cover?.thumbKey ? mediaUrl(row.cover.thumbKey) : null,
    },
    other: { id: row.otherId, name: row.otherName },
    lastMessage: last?.id ? presentMessage(last as MessageRow, row.readerId) : null,
    unread: row.unread,
    blocked: blocked || row.otherGone,
    safetyTip: !row.otherGone && isNewAccount(row.otherSince, now) ? MSG.messages.newAccountTip : null,
  };
}
