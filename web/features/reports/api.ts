// The report call (issue 11): POST /api/reports. 201 for a new report, 200 with alreadyReported when
// this user had reported the target before; both carry the server's thank-you message.
import { useMutation } from '@tanstack/react-query';
import type { Sent } from '../../../shared/contract';
import { call } from '../../lib/client';

export type ReportInput = Sent<'fileReport', 'body'>;

export const submitReport = (input: ReportInput) => call('fileReport', { body: input });

export const useSubmitReport = () => useMutation({ mutationFn: submitReport });
