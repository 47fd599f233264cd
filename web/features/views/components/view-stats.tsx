// View statistics on the post detail (spec §2, §3): total views, unique viewers and signed-in viewers.
// By default it also records this opening's view first, so the numbers include the reader.
import { useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { formatCount } from '../../../../shared/format';
import { MSG } from '../../../../shared/messages';
import { Card } from '../../../components/ui/card';
import { ApiError } from '../../../lib/http';
import { useTrackView, viewStatsQueryOptions } from '../api';

export interface ViewStatsProps {
  postId: number;
  /** Record a view for this opening (default). Pass false where the screen calls useTrackView itself. */
  track?: boolean;
}

function problemOf(error: unknown): string {
  // An answer that is an error status is a failed load; anything else (offline, bad JSON) is an error.
  return error instanceof ApiError ? MSG.postDetail.viewStatsFailed : MSG.postDetail.viewDataError;
}

export function ViewStats({ postId, track = true }: ViewStatsProps) {
  const tracked = useTrackView(track ? postId : 0);
  const stats = useQuery({ ...viewStatsQueryOptions(postId), enabled: !track || tracked, retry: false });
  const statistics = stats.data?.success ? stats.data.statistics : undefined;

  let problem: string | null = null;
  if (stats.isError && !statistics) problem = problemOf(stats.error);
  else if (stats.isSuccess && !statistics) problem = MSG.postDetail.viewStatsUnavailable;

  const items = [
    { label: 'Total views', value: statistics?.totalViews },
    { label: 'Unique viewers', value: statistics?.totalUniqueViewers },
    { label: 'Signed-in viewers', value: statistics?.authenticatedViewers },
  ];

  return (
    <Card as="section" frame="outlined" padding="compact" aria-labelledby={`views-${postId}`}>
      <h2
        id={`views-${postId}`}
        className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900"
      >
        <Eye aria-hidden="true" size={18} className="text-slate-600" />
        View statistics
      </h2>
      {problem ? (
        <p className="text-sm text-slate-700">{problem}</p>
      ) : (
        <dl className="grid grid-cols-3 gap-2 text-center" aria-busy={statistics ? undefined : true}>
          {items.map(({ label, value }) => (
            <div key={label} className="rounded-md bg-slate-50 px-2 py-2">
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="text-lg font-semibold text-slate-900 tabular-nums">
                {value === undefined ? '–' : formatCount(value)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
