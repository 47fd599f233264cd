// The report call (issue 11): POST /api/reports. 201 for a new report, 200 with alreadyReported when
// this user had reported the target before; both carry the server's thank-you message.
import { useMutation } from '@tanstack/react-query';
import type { ReportResult } from '../../../shared/api-types';
import type { ReportReason, ReportTarget } from '../../../shared/moderation';
import { api } from '../../lib/http';

export interface ReportInput {
  targetType: ReportTarget;
  targetId: number;
  reason: ReportReason;
  note?: string;
}

export const submitReport = (input: ReportInput) =>
  api<ReportResult>('/api/reports', { method: 'POST', body: { ...input } });

export const useSubmitReport = () => useMutation({ mutationFn: submitReport });
