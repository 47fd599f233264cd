// The new-comment box: Post is disabled while the text is empty or only whitespace, and while posting;
// offline it says commenting needs a connection (what was typed stays).
import { useId } from 'react';
import { LIMITS } from '../../../../shared/catalog';
import { MSG } from '../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { useOnline } from '../../../lib/use-online';

export function CommentForm({
  value,
  posting,
  onChange,
  onSubmit,
}: {
  value: string;
  posting: boolean;
  onChange(value: string): void;
  onSubmit(): void;
}) {
  const id = useId();
  const empty = !value.trim();
  const online = useOnline();
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!empty && !posting && online) onSubmit();
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Add a comment
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={LIMITS.commentMax}
        placeholder="Write a comment…"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-700"
      />
      {online ? null : (
        <p role="status" className="text-sm text-amber-900">
          {MSG.offline.comment}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={empty || posting || !online}>
          {posting ? 'Posting…' : 'Post'}
        </Button>
      </div>
    </form>
  );
}
