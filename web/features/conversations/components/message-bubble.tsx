// One message in a thread: the reader's own on the right, the other person's on the left with its
// safety warning under it (in place, where it is read). A message still on its way says so: waiting
// for a connection, or refused with the server's reason and a tap to send it again.
import type { ReactNode } from 'react';
import { MSG } from '../../../../shared/messages';
import { SafetyWarning } from '../../../components/ui/safety-warning';
import { When } from '../../../components/ui/when';
import type { ChatMessage } from '../api';
import type { PendingMessage } from '../outbox';

function Bubble({ mine, children, footer }: { mine: boolean; children: ReactNode; footer: ReactNode }) {
  return (
    <li className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 whitespace-pre-wrap [overflow-wrap:anywhere] ${
          mine ? 'rounded-br-md bg-brand-700 text-white' : 'rounded-bl-md bg-slate-100 text-slate-900'
        }`}
      >
        {children}
      </div>
      <div className="mt-0.5 px-1 text-xs text-slate-600">{footer}</div>
    </li>
  );
}

export function MessageBubble({ message, otherName }: { message: ChatMessage; otherName: string }) {
  return (
    <>
      <Bubble
        mine={message.fromMe}
        footer={
          <>
            <span className="sr-only">{message.fromMe ? 'You' : otherName}, </span>
            <When at={message.sentAt} className="text-slate-600" />
          </>
        }
      >
        {message.body}
      </Bubble>
      {message.safetyWarning ? (
        <li className="max-w-[85%]">
          <SafetyWarning text={message.safetyWarning} compact />
        </li>
      ) : null}
    </>
  );
}

export function PendingBubble({
  message,
  onRetry,
  onDiscard,
}: {
  message: PendingMessage;
  onRetry(): void;
  onDiscard(): void;
}) {
  const failed = message.state === 'failed';
  return (
    <Bubble
      mine
      footer={
        failed ? (
          <span className="flex flex-wrap items-center justify-end gap-x-2 text-red-800">
            <span>{message.reason}</span>
            <button type="button" onClick={onRetry} className="min-h-11 font-medium underline">
              {MSG.messages.tryAgain}
            </button>
            <button type="button" onClick={onDiscard} className="min-h-11 font-medium underline">
              {MSG.messages.discard}
            </button>
          </span>
        ) : (
          <span role="status">
            {message.state === 'sending' ? MSG.messages.sending : MSG.messages.waiting}
          </span>
        )
      }
    >
      <span className={failed ? '' : 'opacity-80'}>{message.body}</span>
    </Bubble>
  );
}
