// A reported message's conversation as far as a moderator may see it (issue 32): the 10 messages
// before it, oldest first, each marked as the author's or the other person's. Nothing else of the
// conversation is ever shown here.
import type { QueueItem } from '../../../../shared/api-types';
import { When } from '../../../components/ui/when';
import { MODERATION_TEXT } from '../text';

export function MessageContext({ item }: { item: QueueItem }) {
  const context = item.context ?? [];
  if (context.length === 0) return null;
  return (
    <details className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
      <summary className="min-h-11 cursor-pointer py-2.5 font-medium text-slate-800">
        {MODERATION_TEXT.messageContext(context.length)}
      </summary>
      <ol className="space-y-2 pb-2">
        {context.map((message) => (
          <li key={message.id} className="text-sm">
            <p className="font-medium text-slate-700">
              {message.from === 'author' ? item.author.name : MODERATION_TEXT.otherPerson} ·{' '}
              <When at={message.sentAt} />
            </p>
            <p className="whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">{message.body}</p>
          </li>
        ))}
      </ol>
    </details>
  );
}
