// The profile screen's results (spec §2, §8): a modal titled 'Notification' with a Close button.
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Modal } from '../../../components/ui/modal';
import type { Notice } from '../notice';

export function NoticeModal({ notice, onClose }: { notice: Notice | null; onClose(): void }) {
  const Icon = notice?.tone === 'error' ? CircleAlert : CircleCheck;
  return (
    <Modal open={notice !== null} title="Notification" onClose={onClose} describe>
      {notice ? (
        <div className="flex gap-3">
          <Icon
            aria-hidden="true"
            className={`mt-0.5 size-5 shrink-0 ${notice.tone === 'error' ? 'text-red-700' : 'text-brand-700'}`}
          />
          <div className="space-y-1">
            <p className="font-medium">{notice.text}</p>
            {notice.detail ? <p className="text-sm text-slate-700">{notice.detail}</p> : null}
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
