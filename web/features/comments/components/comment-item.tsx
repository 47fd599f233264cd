// One comment (spec §3 Comment): the author's initials in a circle, name, relative time, an '(edited)'
// marker, the text as plain text (React escapes it), and Edit/Delete only where the server allows.
// Issue 11: its safety warning, its review state (only its author and moderators see a held-back
// comment), and Report for everyone but its author.
import { useEffect, useId, useRef, useState } from 'react';
import type { CommentDto } from '../../../../shared/api-types';
import { LIMITS } from '../../../../shared/catalog';
import { MODERATION_LABELS } from '../../../../shared/moderation';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { SafetyWarning } from '../../../components/ui/safety-warning';
import { When } from '../../../components/ui/when';
import { ReportButton } from '../../reports';

export interface CommentItemProps {
  comment: CommentDto;
  byPostOwner: boolean;
  editing: boolean;
  saving: boolean;
  onEdit(): void;
  onCancel(): void;
  onSave(content: string): void;
  onDelete(): void;
}

const small = 'min-h-11 px-3 py-1 text-sm';

export function CommentItem({
  comment,
  byPostOwner,
  editing,
  saving,
  onEdit,
  onCancel,
  onSave,
  onDelete,
}: CommentItemProps) {
  const nameId = useId();
  return (
    <li aria-labelledby={nameId} className="flex gap-3 py-3">
      <Avatar name={comment.author.name} size="lg" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span id={nameId} className="font-semibold text-slate-900">
            {comment.author.name}
          </span>
          {byPostOwner ? (
            <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">
              Post owner
            </span>
          ) : null}
          <When at={comment.createdAt} />
          {comment.isEdited ? <span className="text-slate-600">(edited)</span> : null}
          {comment.moderation !== 'visible' ? (
            <Badge tone={comment.moderation === 'removed' ? 'danger' : 'warning'}>
              {MODERATION_LABELS[comment.moderation]}
            </Badge>
          ) : null}
        </p>
        {editing ? (
          <EditForm initial={comment.content} saving={saving} onCancel={onCancel} onSave={onSave} />
        ) : (
          <>
            <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{comment.content}</p>
            {comment.safetyWarning ? (
              <div className="mt-2">
                <SafetyWarning text={comment.safetyWarning} compact />
              </div>
            ) : null}
            <div className="-ml-3 mt-1 flex flex-wrap gap-1">
              {comment.canEdit ? (
                <Button variant="ghost" className={small} onClick={onEdit}>
                  Edit
                </Button>
              ) : null}
              {comment.canDelete ? (
                <Button
                  variant="ghost"
                  className={`${small} text-red-700 hover:bg-red-50`}
                  onClick={onDelete}
                >
                  Delete
                </Button>
              ) : null}
              <ReportButton
                targetType="comment"
                targetId={comment.id}
                ownerId={comment.userId}
                context={`comment by ${comment.author.name}`}
                className={small}
              />
            </div>
          </>
        )}
      </div>
    </li>
  );
}

function EditForm({
  initial,
  saving,
  onCancel,
  onSave,
}: Pick<CommentItemProps, 'saving' | 'onCancel' | 'onSave'> & { initial: string }) {
  const [text, setText] = useState(initial);
  const id = useId();
  // The user just asked to edit this comment. Focused here, not with autoFocus: Preact (what ships)
  // only sets the attribute, which a browser ignores once the page has focus somewhere.
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <form
      className="mt-2 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) onSave(text.trim());
      }}
    >
      <label htmlFor={id} className="sr-only">
        Edit comment
      </label>
      <textarea
        id={id}
        ref={field}
        rows={3}
        maxLength={LIMITS.commentMax}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && onCancel()}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-brand-700"
      />
      <div className="flex gap-2">
        <Button type="submit" className="min-h-11 px-4 py-1 text-sm" disabled={!text.trim() || saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="secondary" className="min-h-11 px-4 py-1 text-sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
