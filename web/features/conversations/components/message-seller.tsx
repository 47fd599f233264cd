// 'Message seller' on a post (issue 32). A visitor is sent to sign in and comes back to the post with
// this dialog open (`then=message-<id>`, issue 34); a member gets a dialog with the first message written for them ('Hi, is this still available?'), to
// send as it is or change; the conversation opens once it is sent. Not shown to the post's owner.
import { MessageCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LIMITS } from '../../../../shared/catalog';
import { MSG } from '../../../../shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Modal, ModalActions } from '../../../components/ui/modal';
import { clientErrorReason } from '../../../lib/http';
import { useOnline } from '../../../lib/use-online';
import { pendingActionName, useAuth, usePendingAction, useSignInHref } from '../../auth';
import { useStartConversation } from '../api';

export function MessageSeller({
  postId,
  ownerId,
  className = '',
}: {
  postId: number;
  ownerId: number | undefined;
  className?: string;
}) {
  const { user, isAuthenticated } = useAuth();
  const action = pendingActionName('message', postId);
  const signInHref = useSignInHref(action);
  const [open, setOpen] = useState(false);
  const [openings, setOpenings] = useState(0);
  const openDialog = () => {
    setOpenings((n) => n + 1);
    setOpen(true);
  };
  // Back from signing in to write to the seller (the post's own seller has nothing to open).
  usePendingAction(action, ownerId !== undefined, () => {
    if (ownerId !== user?.id) openDialog();
  });
  if (user && ownerId === user.id) return null;
  const label = (
    <>
      <MessageCircle aria-hidden="true" className="size-5" />
      {MSG.messages.messageSeller}
    </>
  );
  if (!isAuthenticated || !user)
    return (
      <Link to={signInHref} className={buttonClass('primary', className)}>
        {label}
      </Link>
    );
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        className={buttonClass('primary', className)}
        onClick={openDialog}
      >
        {label}
      </button>
      {openings > 0 ? (
        <FirstMessageDialog key={openings} open={open} postId={postId} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

function FirstMessageDialog({ open, postId, onClose }: { open: boolean; postId: number; onClose(): void }) {
  const id = useId();
  const [text, setText] = useState<string>(MSG.messages.firstMessage);
  const start = useStartConversation();
  const navigate = useNavigate();
  const online = useOnline();
  const empty = !text.trim();
  const send = () => {
    if (empty || start.isPending || !online) return;
    start.mutate(
      { postId, message: text.trim() },
      { onSuccess: ({ conversation }) => navigate(`/messages/${conversation.id}`) },
    );
  };
  const refusal = start.isError ? (clientErrorReason(start.error) ?? MSG.messages.sendFailedPlain) : null;
  return (
    <Modal open={open} title={MSG.messages.messageSeller} onClose={onClose} closeButton={false}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
        className="space-y-3"
      >
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {MSG.messages.yourMessage}
        </label>
        <textarea
          id={id}
          rows={3}
          maxLength={LIMITS.messageMax}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-brand-700"
        />
        {online ? null : <p className="text-sm text-amber-900">{MSG.messages.needsConnection}</p>}
        {refusal ? <Alert tone="error">{refusal}</Alert> : null}
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={empty || start.isPending || !online}>
            {start.isPending ? 'Sending…' : MSG.messages.send}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
