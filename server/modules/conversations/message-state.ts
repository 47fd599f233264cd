// A message as trust and safety act on it (issue 32): found for a report (only by someone who can see
// it) or a moderator's decision, and its state changed. A message's state moves each side's inbox row
// and the recipient's unread count, and a message released from a hold reaches its recipient as if
// just sent (its events too), so this lives beside the conversations, not in safety/transitions.ts.
import { type Actor, isModerator, type SignedInActor } from '../../actor';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { forbidden, notFound } from '../../errors';
import { findUserById } from '../auth';
import { isBlockedEitherWay } from '../blocks';
import { appendEvents, appendUnreadEvent } from '../live';
import { presentMessage } from './presenter';
import { lockMessage, type MessageRow, refreshMember, setMessageModeration } from './repo';

export interface LockedMessage {
  id: number;
  conversationId: number;
  postId: number;
  senderId: number;
  recipientId: number;
  moderation: MessageRow['moderation'];
  row: MessageRow;
}

/**
 * The message, row-locked, if the actor may `read` it (one of its two people, and it is visible to
 * them) or `moderate` it (a moderator); else a 404, or a 403 for a member who is not a moderator.
 */
export async function lockMessageFor(
  tx: Executor,
  actor: SignedInActor,
  action: 'read' | 'moderate',
  id: number,
): Promise<LockedMessage> {
  const found = await lockMessage(tx, id);
  if (action === 'moderate' && !isModerator(actor)) throw forbidden();
  if (!found || (action === 'read' && !canRead(actor, found.message, found.conversation))) throw notFound();
  const { message, conversation } = found;
  return {
    id: message.id,
    conversationId: conversation.id,
    postId: conversation.postId,
    senderId: message.senderId,
    recipientId: message.senderId === conversation.buyerId ? conversation.sellerId : conversation.buyerId,
    moderation: message.moderation,
    row: message,
  };
}

const canRead = (actor: Actor, message: MessageRow, conversation: { buyerId: number; sellerId: number }) =>
  actor !== null &&
  (actor.id === conversation.buyerId || actor.id === conversation.sellerId) &&
  (message.senderId === actor.id || message.moderation === 'visible');

/**
 * Hides (removed) or releases (visible) a message. Both sides' inbox rows are worked out again; a
 * message that becomes visible reaches its recipient (a message event and the new unread count), one
 * that is hidden changes their count; one released when the two can no longer reach each other tells
 * nobody. Answers the users whose streams must look after the commit.
 */
export async function setMessageState(
  deps: Pick<Deps, 'clock'>,
  tx: Executor,
  message: LockedMessage,
  state: 'visible' | 'removed',
): Promise<number[]> {
  if (message.moderation === state) return [];
  const now = deps.clock.now();
  await setMessageModeration(tx, message.id, state, now);
  await refreshMember(tx, message.conversationId, message.senderId);
  // Released to someone who has since blocked the sender (or been blocked, or left): it stays on
  // record in the thread, but nothing of theirs changes and nobody is told of it.
  if (state === 'visible' && !(await canReach(tx, message.senderId, message.recipientId))) return [];
  await refreshMember(tx, message.conversationId, message.recipientId);
  const notify = new Set<number>();
  if (state === 'visible') {
    const data = {
      conversationId: message.conversationId,
      message: presentMessage(message.row, message.recipientId),
    };
    for (const id of await appendEvents(tx, [{ userId: message.recipientId, kind: 'message', data }], now))
      notify.add(id);
  }
  for (const id of await appendUnreadEvent(tx, message.recipientId, now)) notify.add(id);
  return [...notify];
}

/** Whether a message from `senderId` may reach `recipientId` now: neither blocked, the account there. */
export async function canReach(tx: Executor, senderId: number, recipientId: number): Promise<boolean> {
  const recipient = await findUserById(tx, recipientId);
  if (!recipient || recipient.deletedAt !== null) return false;
  return !(await isBlockedEitherWay(tx, senderId, recipientId));
}
