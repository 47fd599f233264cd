// A queue item's open reports: each reason, its weight (2 from an account of a week or more, else 1),
// when, and the reporter's note.
import type { QueueItem } from '../../../../shared/api-types';
import { REPORT_REASON_LABELS } from '../../../../shared/moderation';
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
              <span className="text-slate-600">weight {report.weight}</span>
              <When at={report.createdAt} />
            </p>
            {report.note ? (
              <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">“{report.note}”</p>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
