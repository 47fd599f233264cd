// Confirms one moderation decision, with an optional reason for the audit log. A refusal (not allowed
// on your own account, too many actions) shows the server's reason and keeps the dialog open.
import type { ModerationResult, QueueItem } from '../../../../shared/api-types';
import { MSG } from '../../../../shared/messages';
import { REPORT_NOTE_MAX } from '../../../../shared/moderation';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextArea } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { Modal, ModalActions } from '../../../components/ui/modal';
import { useForm } from '../../../components/ui/use-form';
import { clientErrorReason } from '../../../lib/http';
import { type ActionId, commandFor, copyOf } from '../actions';
import { type ModerationCommand, useModerate } from '../api';
import { MODERATION_TEXT } from '../text';

export function ActionDialog({
  open,
  item,
  action,
  onClose,
  onDone,
}: {
  open: boolean;
  item: QueueItem;
  action: ActionId;
  onClose(): void;
  onDone(command: ModerationCommand, result: ModerationResult): void;
}) {
  const moderate = useModerate();
  const form = useForm({ initial: { reason: '' }, validate: ({ reason }) => ({ data: reason.trim() }) });
  const copy = copyOf(action, item);

  const onSubmit = async (reason: string) => {
    const command = commandFor(action, item, reason);
    try {
      onDone(command, await moderate.mutateAsync(command));
    } catch (error) {
      form.showServerErrors(error);
      form.setFormError(clientErrorReason(error) ?? MSG.moderation.actionFailed);
    }
  };

  return (
    <Modal open={open} title={copy.title} onClose={onClose} closeButton={false}>
      <Form form={form} onSubmit={onSubmit} className="space-y-4">
        <p className="text-sm">{copy.explain}</p>
        <TextArea
          label={MODERATION_TEXT.reasonLabel}
          rows={2}
          maxLength={REPORT_NOTE_MAX}
          {...form.field('reason')}
        />
        {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant={copy.danger ? 'danger' : 'primary'} disabled={form.submitting}>
            {form.submitting ? 'Working...' : copy.button}
          </Button>
        </ModalActions>
      </Form>
    </Modal>
  );
}
