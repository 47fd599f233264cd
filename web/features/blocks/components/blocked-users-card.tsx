// "People you blocked" on /profile (issue 32): each with when they were blocked and an Unblock button.
// A row leaves the list once the server agrees; focus then goes to the card's heading (the button it was
// on is gone) and a polite status says who was unblocked. A failed unblock keeps the row and says why.
import { useId, useRef, useState } from 'react';
import { formatPostingDate } from '../../../../shared/format';
import { MSG } from '../../../../shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { clientErrorReason } from '../../../lib/http';
import { type BlockedUser, useBlockedUsers, useUnblockUser } from '../api';

export function BlockedUsersCard() {
  const blocked = useBlockedUsers();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [unblocked, setUnblocked] = useState('');

  const onUnblocked = (name: string) => {
    setUnblocked(`${name} unblocked.`);
    heading.current?.focus();
  };

  return (
    <Card as="section" aria-labelledby={headingId}>
      <h2
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="mb-1 text-lg font-semibold text-slate-900 focus:outline-none"
      >
        People you blocked
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        They can't message you, and you don't see their new comments on your posts.
      </p>
      {blocked.isPending ? (
        <p role="status" className="py-2 text-slate-700">
          Loading...
        </p>
      ) : blocked.isError && !blocked.data ? (
        <div className="space-y-4">
          <Alert tone="error">
            {clientErrorReason(blocked.error) ?? 'Could not load the people you blocked.'}
          </Alert>
          <Button variant="secondary" onClick={() => blocked.refetch()} disabled={blocked.isFetching}>
            Try again
          </Button>
        </div>
      ) : blocked.data.length === 0 ? (
        <p className="py-2 text-slate-700">You haven't blocked anyone.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {blocked.data.map((user) => (
            <BlockedUserRow key={user.id} user={user} onUnblocked={onUnblocked} />
          ))}
        </ul>
      )}
      <p role="status" className="sr-only">
        {unblocked}
      </p>
    </Card>
  );
}

function BlockedUserRow({ user, onUnblocked }: { user: BlockedUser; onUnblocked(name: string): void }) {
  const unblock = useUnblockUser({ onUnblocked: () => onUnblocked(user.name) });
  const errorId = useId();
  const failed = unblock.isError ? (clientErrorReason(unblock.error) ?? MSG.errors.internal) : null;

  return (
    <li className="py-3">
      {/* Wraps under the name on the narrowest phones rather than squeezing it. */}
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words text-slate-900">{user.name}</p>
          <p className="text-sm text-slate-700">
            Blocked since <time dateTime={user.blockedAt}>{formatPostingDate(user.blockedAt)}</time>
          </p>
        </div>
        <Button
          variant="secondary"
          className="shrink-0"
          disabled={unblock.isPending}
          aria-describedby={failed ? errorId : undefined}
          onClick={() => unblock.mutate(user.id)}
        >
          {unblock.isPending ? 'Unblocking...' : MSG.messages.unblock}
          <span className="sr-only"> {user.name}</span>
        </Button>
      </div>
      {failed ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-800">
          {failed}
        </p>
      ) : null}
    </li>
  );
}
