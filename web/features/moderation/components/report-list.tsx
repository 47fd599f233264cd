// A queue item's open reports: each reason, its weight and why it got it ('new account: 0',
// 'established: 2', 'same sign-up address as another reporter: 0': the server's rule, decision 014),
// whether it came after a moderator's restore, when, and the reporter's note.
import type { QueueItem } from '../../../../shared/api-types';
import {
  REPORT_REASON_LABELS,
  REPORT_WEIGHT_LABELS,
  REPORTED_AFTER_RESTORE,
} from '../../../../shared/moderation';
import { When } from '../../../components/ui/when';
import { plural } from '../text';

export function ReportList({ reports }: { reports: QueueItem['reports'] }) {
  if (reports.length === 0) return null;
  return (
    <div>
      <h4 className="text-sm font-semibold text-slate-900">{plural(reports.length, 'open report')}</h4>
      <ul className="mt-1 space-y-1.5">
        {reports.map((report) => (
          <li
            key={`${report.createdAt}-${report.reason}`}
            className="rounded-lg bg-slate-50 px-3 py-2 text-sm"
          >
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-medium text-slate-900">{REPORT_REASON_LABELS[report.reason]}</span>
              <span className="text-slate-600">
                {REPORT_WEIGHT_LABELS[report.weighed]}: {report.weight}
              </span>
              <When at={report.createdAt} />
            </p>
            {report.afterRestore ? <p className="text-slate-700">{REPORTED_AFTER_RESTORE}</p> : null}
            {report.note ? (
              <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">“{report.note}”</p>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
