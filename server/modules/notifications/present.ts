// A notification as the person reads it (issue 33): the sentence is made here, when it is read, from
// what the row keeps (kind, actors, count, subject, detail), so one row can be grouped and re-worded.
import type { Notification, NotificationKind } from '../../../shared/schemas/notifications';
import type { notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

/** What moderation did, as `detail` of a 'moderation' notification. */
export type ModerationNews =
  | 'post-hidden'
  | 'post-held'
  | 'post-restored'
  | 'comment-hidden'
  | 'comment-restored'
  | 'report-acted';

const quoted = (subject: string) => `"${subject}"`;

/** 'Rudo Chikore', 'Rudo Chikore and Tendai Moyo', 'Rudo Chikore and 3 others'. */
function whoDid(actors: NotificationRow['actors'], count: number): string {
  const first = actors[0]?.name ?? 'Someone';
  if (count <= 1) return first;
  if (count === 2 && actors[1]) return `${first} and ${actors[1].name}`;
  return `${first} and ${count - 1} ${count - 1 === 1 ? 'other' : 'others'}`;
}

const MODERATION_TEXT: Record<ModerationNews, (subject: string) => string> = {
  'post-hidden': (s) => `Your post ${quoted(s)} was hidden by a moderator.`,
  'post-held': (s) => `Your post ${quoted(s)} is waiting for a moderator's review before it shows.`,
  'post-restored': (s) => `Your post ${quoted(s)} is visible again.`,
  'comment-hidden': (s) => `Your comment on ${quoted(s)} was hidden by a moderator.`,
  'comment-restored': (s) => `Your comment on ${quoted(s)} is visible again.`,
  'report-acted': (s) =>
    `Thank you for your report about ${quoted(s)}: moderators have hidden what you reported.`,
};

/** The finished sentence of a notification. */
export function notificationText(
  row: Pick<NotificationRow, 'kind' | 'actors' | 'count' | 'subject' | 'detail'>,
) {
  const { actors, count, subject, detail } = row;
  switch (row.kind as NotificationKind) {
    case 'comment':
      return `${whoDid(actors, 1)} commented on ${quoted(subject)}`;
    case 'like':
      return `${whoDid(actors, count)} liked ${quoted(subject)}`;
    case 'moderation':
      return (MODERATION_TEXT[detail as ModerationNews] ?? MODERATION_TEXT['post-hidden'])(subject);
    case 'expiring':
      return `Your post ${quoted(subject)} expires in 3 days. Renew it to keep it listed.`;
    case 'expired':
      return `Your post ${quoted(subject)} has expired. Renew it to list it again.`;
    case 'saved-search':
      return count === 1 ? `1 new post matches ${subject}` : `${count} new posts match ${subject}`;
    case 'favourite-sold':
      return `${quoted(subject)}, which you saved, has been sold.`;
    case 'favourite-price':
      return `${quoted(subject)}, which you saved, now costs ${detail ?? 'a new price'}.`;
    default:
      return subject;
  }
}

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    text: notificationText(row),
    link: row.link,
    createdAt: row.at.toISOString(),
    read: row.readAt !== null,
    actors: row.actors,
    count: row.count,
  };
}
