// The report dialog (issue 11): the reasons as radio choices, an optional note for the moderators,
// and Send. The server's answer (a thank-you, or 'already reported') replaces the form; a refusal (your
// own post, too many reports) shows the server's reason above the buttons.
import { useEffect, useRef, useState } from 'react';
import { MSG } from '../../../../shared/messages';
import {
  REPORT_NOTE_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTarget,
} from '../../../../shared/moderation';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { RadioGroupField, TextArea } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { Modal, ModalActions } from '../../../components/ui/modal';
import { type Checked, useForm } from '../../../components/ui/use-form';
import { clientErrorReason } from '../../../lib/http';
import { useSubmitReport } from '../api';
import { REPORT_TEXT } from '../text';

const REASON_OPTIONS = REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }));

type Report = { reason: ReportReason; note?: string };

function check({ reason, note }: { reason: string; note: string }): Checked<string, Report> {
  const chosen = REPORT_REASONS.find((r) => r === reason);
  if (!chosen) return { errors: { reason: REPORT_TEXT.reasonRequired } };
  return { data: { reason: chosen, note: note.trim() || undefined } };
}

export function ReportDialog({
  open,
  targetType,
  targetId,
  onClose,
}: {
  open: boolean;
  targetType: ReportTarget;
  targetId: number;
  onClose(): void;
}) {
  const send = useSubmitReport();
  const form = useForm({ initial: { reason: '', note: '' }, validate: check });
  const [done, setDone] = useState<string | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // The form (and the focused Send button) gave way to the answer: focus its Close button.
  useEffect(() => {
    if (done) closeRef.current?.focus();
  }, [done]);

  const onSubmit = async (report: Report) => {
    try {
      const result = await send.mutateAsync({ targetType, targetId, ...report });
      setDone(result.message);
    } catch (error) {
      form.showServerErrors(error);
      form.setFormError(clientErrorReason(error) ?? MSG.reports.failed);
    }
  };

  return (
    <Modal open={open} title={REPORT_TEXT.title(targetType)} onClose={onClose} closeButton={false}>
      {done ? (
        <>
          <Alert tone="success">{done}</Alert>
          <ModalActions>
            <button type="button" ref={closeRef} onClick={onClose} className={buttonClass('primary')}>
              Close
            </button>
          </ModalActions>
        </>
      ) : (
        <Form form={form} onSubmit={onSubmit} className="space-y-4">
          <RadioGroupField
            label={REPORT_TEXT.reasonLegend}
            options={REASON_OPTIONS}
            {...form.field('reason')}
          />
          <TextArea
            label={REPORT_TEXT.noteLabel}
            rows={3}
            maxLength={REPORT_NOTE_MAX}
            hint={`${form.values.note.length} / ${REPORT_NOTE_MAX}`}
            {...form.field('note')}
          />
          {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
          <ModalActions>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={form.submitting}>
              {form.submitting ? REPORT_TEXT.sending : REPORT_TEXT.submit}
            </Button>
          </ModalActions>
        </Form>
      )}
    </Modal>
  );
}
