// One item of the review queue as a card: what it is and its state, its reports, the text and any
// safety warning, a message's conversation before it, its author's history, a link to the post, and the decisions a moderator can take.
// Each decision is confirmed in a dialog with an optional reason; its result goes to `onDone`.
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ModerationResult, QueueItem } from '../../../../shared/api-types';
import type { ModerationState } from '../../../../shared/moderation';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SafetyWarning } from '../../../components/ui/safety-warning';
import { When } from '../../../components/ui/when';
import { ACCOUNT_ACTIONS, type ActionId, actionsFor, copyOf, itemKey } from '../actions';
import type { ModerationCommand } from '../api';
import { itemHeading, MODERATION_TEXT, plural, stateLabel, TARGET_LABELS } from '../text';
import { ActionDialog } from './action-dialog';
import { AuthorHistory } from './author-history';
import { MessageContext } from './message-context';
import { ReportList } from './report-list';

const STATE_TONES: Record<ModerationState, 'neutral' | 'warning' | 'danger'> = {
  visible: 'neutral',
  pending: 'warning',
  held: 'warning',
  removed: 'danger',
};

/** The id of a card's title, which takes focus after a decision on it. */
export const cardHeadingId = (item: Pick<QueueItem, 'targetType' | 'id'>) => `queue-${itemKey(item)}`;

export function QueueCard({
  item,
  moderatorId,
  onDone,
}: {
  item: QueueItem;
  moderatorId: number;
  onDone(item: QueueItem, command: ModerationCommand, result: ModerationResult): void;
}) {
  const [action, setAction] = useState<ActionId | null>(null);
  const [open, setOpen] = useState(false);
  // Each choice opens a fresh dialog (a new key): no reason or error left from the last one.
  const [openings, setOpenings] = useState(0);
  const headingId = cardHeadingId(item);
  const choose = (next: ActionId) => {
    setAction(next);
    setOpenings((n) => n + 1);
    setOpen(true);
  };

  const button = (id: ActionId) => {
    const copy = copyOf(id, item);
    return (
      <Button
        key={id}
        variant={copy.danger ? 'outline-danger' : 'secondary'}
        className="grow text-sm"
        onClick={() => choose(id)}
      >
        {copy.button}
      </Button>
    );
  };
  const choices = actionsFor(item, moderatorId);
  const onAccount = (id: ActionId) => ACCOUNT_ACTIONS.has(id);

  return (
    <Card as="article" frame="tile" padding="compact" aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge>{TARGET_LABELS[item.targetType]}</Badge>
        <Badge tone={STATE_TONES[item.state]}>{stateLabel(item.state)}</Badge>
        {item.reports.length > 0 ? (
          <Badge tone="danger">
            {plural(item.reports.length, 'report')} · weight {item.reportWeight}
          </Badge>
        ) : null}
        {item.reports.some((report) => report.afterRestore) ? (
          <Badge tone="warning">Reported again after a restore</Badge>
        ) : null}
      </div>
      <div className="space-y-1">
        <h3
          id={headingId}
          tabIndex={-1}
          className="font-semibold text-slate-900 [overflow-wrap:anywhere] focus:outline-none"
        >
          {itemHeading(item)}
        </h3>
        <p className="text-sm text-slate-600">
          {item.targetType === 'post' ? 'Posted' : 'Written'} <When at={item.createdAt} />
        </p>
        <p className="whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">{item.text}</p>
      </div>
      {item.safetyWarning ? <SafetyWarning text={item.safetyWarning} /> : null}
      <MessageContext item={item} />
      <ReportList reports={item.reports} />
      <AuthorHistory author={item.author} actions={choices.filter(onAccount).map(button)} />
      <Link
        to={`/posts/${item.postId}`}
        className="inline-flex min-h-11 items-center gap-1.5 font-medium text-brand-800 underline"
      >
        <ExternalLink aria-hidden="true" className="size-4" />
        {MODERATION_TEXT.openPost}
      </Link>
      <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        {choices.filter((id) => !onAccount(id)).map(button)}
      </div>
      {action ? (
        <ActionDialog
          key={openings}
          open={open}
          item={item}
          action={action}
          onClose={() => setOpen(false)}
          onDone={(command, result) => {
            setOpen(false);
            onDone(item, command, result);
          }}
        />
      ) : null}
    </Card>
  );
}
