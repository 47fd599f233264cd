// Who wrote a queue item and what they have done before: joined when, posts and comments, earlier
// moderation actions on their things, and whether they are suspended or a moderator; then `actions`,
// the decisions on the account.
import type { ReactNode } from 'react';
import type { QueueItem } from '../../../../shared/api-types';
import { memberSinceLabel } from '../../../../shared/moderation';
import { Badge } from '../../../components/ui/badge';
import { When } from '../../../components/ui/when';
import { ACTION_LABELS, plural } from '../text';

export function AuthorHistory({ author, actions }: { author: QueueItem['author']; actions?: ReactNode }) {
  const earlier = author.previousActions;
  return (
    <div className="space-y-1 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-700">
      <h4 className="flex flex-wrap items-center gap-2 text-slate-900">
        <span className="font-semibold">
          <span className="sr-only">Author: </span>
          {author.name}
        </span>
        {author.role === 'moderator' ? <Badge tone="success">Moderator</Badge> : null}
        {author.suspended ? <Badge tone="danger">Suspended</Badge> : null}
      </h4>
      <p>
        {memberSinceLabel(author.memberSince)} · {plural(author.accountAgeDays, 'day')} old
      </p>
      <p>
        {plural(author.postCount, 'post')} · {plural(author.commentCount, 'comment')}
      </p>
      {earlier.length > 0 ? (
        <div>
          <p>Earlier actions:</p>
          <ul className="flex flex-wrap gap-x-3 gap-y-0.5">
            {earlier.map((action) => (
              <li key={`${action.createdAt}-${action.action}`}>
                {ACTION_LABELS[action.action]} <When at={action.createdAt} />
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p>No earlier actions.</p>
      )}
      {actions ? <div className="flex flex-wrap gap-2 pt-2">{actions}</div> : null}
    </div>
  );
}
