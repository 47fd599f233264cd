// What the soak prints: a row per phase (requests, statuses, p50/p99, acknowledged writes and how many
// are missing, each instance's RSS and open files) and the verdict's reasons.
import type { Ack, Answered } from './load';

export interface Phase {
  name: string;
  fault?: 'redis' | 'postgres' | 's3' | 'kill';
  /** ms from the soak's start */
  start: number;
  end: number;
  /** When the broken part was stopped and started again (absolute ms), filled in as it runs. */
  brokeAt?: number;
  fixedAt?: number;
}

export interface Sample {
  at: number;
  instance: string;
  pid: number;
  startedAt: number;
  rss: number;
  fds: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number) : 0;
const mb = (bytes: number) => (bytes / 1048576).toFixed(0);

/** An instance's JS heap kept after its last full collection (its /metrics), sampled by the soak. */
export interface HeapSample {
  at: number;
  pid: number;
  bytes: number;
}

/** Least-squares slope in MB per minute of what `bytes` picks from each sample. */
export function slope<T extends { at: number }>(
  samples: T[],
  bytes: (sample: T) => number,
): number | undefined {
  if (samples.length < 3) return undefined;
  const xs = samples.map((s) => s.at / 60_000);
  const ys = samples.map((s) => bytes(s) / 1048576);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
    den += ((xs[i] as number) - mx) ** 2;
  }
  return den ? num / den : undefined;
}

/**
 * The highest RSS of each whole minute (from the first sample), then their slope. RSS swings by 40-60
 * MB as V8's heap fills to twice what it keeps and empties, and glibc's arenas fill and trim (decision
 * 043): a slope through every sample follows where the dips fall, the peaks' slope follows growth.
 */
export function peakSlope(samples: Sample[]): number | undefined {
  const first = samples[0];
  if (!first) return undefined;
  const peaks = new Map<number, Sample>();
  for (const sample of samples) {
    const minute = Math.floor((sample.at - first.at) / 60_000);
    const peak = peaks.get(minute);
    if (!peak || sample.rss > peak.rss) peaks.set(minute, sample);
  }
  return slope([...peaks.values()], (peak) => peak.rss);
}

export function phaseTable(
  phases: Phase[],
  answers: Answered[],
  acks: Ack[],
  missing: Set<Ack>,
  samples: Sample[],
  t0: number,
): string {
  const rows = [
    '| phase | s | requests | statuses | p50 ms | p99 ms | acked writes | missing | RSS A MB (start→end) | RSS B MB (start→end) | fds A / B |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  phases.forEach((phase, i) => {
    const mine = answers.filter((a) => a.phase === i);
    const statuses = new Map<number, number>();
    for (const a of mine) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    const ms = mine
      .filter((a) => a.kind !== 'GET /api/events')
      .map((a) => a.ms)
      .sort((a, b) => a - b);
    const acked = acks.filter((a) => a.phase === i);
    const lost = acked.filter((a) => missing.has(a)).length;
    const inPhase = samples.filter((s) => s.at >= t0 + phase.start && s.at <= t0 + phase.end);
    const rss = (name: string) => {
      const s = inPhase.filter((x) => x.instance === name);
      return s.length ? `${mb(s[0]?.rss ?? 0)}→${mb(s.at(-1)?.rss ?? 0)}` : '-';
    };
    const fds = (name: string) => inPhase.filter((x) => x.instance === name).at(-1)?.fds ?? '-';
    rows.push(
      `| ${phase.name} | ${Math.round((phase.end - phase.start) / 1000)} | ${mine.length} | ${[...statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s || 'none'}: ${n}`)
        .join(
          ', ',
        )} | ${quantile(ms, 0.5).toFixed(0)} | ${quantile(ms, 0.99).toFixed(0)} | ${acked.length} | ${lost} | ${rss('A')} | ${rss('B')} | ${fds('A')} / ${fds('B')} |`,
    );
  });
  return rows.join('\n');
}
