// The thread's message box, kept at the bottom of the screen. Send puts the message in the outbox
// (outbox.ts), which sends it now or, offline, once the connection is back: what was written is never
// lost to a dead network. Blocked either way, the box gives way to a note saying why.
import { SendHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { LIMITS } from '../../../../shared/catalog';
import { MSG } from '../../../../shared/messages';

/** The counter shows near the limit only. */
const COUNT_FROM = LIMITS.messageMax - 200;

export function Composer({ onSend }: { onSend(text: string): void }) {
  const id = useId();
  const [text, setText] = useState('');
  const empty = !text.trim();
  const send = () => {
    if (empty) return;
    onSend(text.trim());
    setText('');
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      className="flex items-end gap-2"
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="sr-only">
          {MSG.messages.yourMessage}
        </label>
        <textarea
          id={id}
          rows={Math.min(5, Math.max(1, text.split('\n').length))}
          maxLength={LIMITS.messageMax}
          placeholder={MSG.messages.placeholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Enter writes a new line (as on a phone's keyboard); Ctrl or Cmd with Enter sends.
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              send();
            }
          }}
          className="block max-h-40 min-h-11 w-full resize-none rounded-2xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-700"
        />
        {text.length >= COUNT_FROM ? (
          <p className="mt-1 text-right text-xs text-slate-600">
            {text.length} / {LIMITS.messageMax}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        disabled={empty}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:bg-slate-400"
      >
        <SendHorizontal aria-hidden="true" className="size-5" />
        <span className="sr-only">{MSG.messages.send}</span>
      </button>
    </form>
  );
}
