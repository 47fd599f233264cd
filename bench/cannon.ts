// Runs autocannon in a child process (so the load generator does not share the server's event loop)
// and prints results as a table.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

export interface CannonResult {
  name: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** The mean latency in ms (the percentiles are whole milliseconds). */
  mean: number;
  non2xx: number;
  errors: number;
  /** The longest event-loop stall of the server process while this target ran (bench/run.ts). */
  maxStallMs?: number;
  /** The server process's peak RSS while this target ran, in MB. */
  maxRssMb?: number;
}

export interface CannonOptions {
  connections: number;
  durationSeconds: number;
  /** A form-encoded POST body (the rolling-feed calls); GET without one. */
  form?: string;
  /** Extra request headers, e.g. a session cookie (bench/cluster.ts). */
  headers?: Record<string, string>;
  /** The session cookie of a signed-in target. */
  cookie?: string;
}

export async function cannon(name: string, url: string, options: CannonOptions): Promise<CannonResult> {
  const args = [autocannonBin, '-j', '-c', `${options.connections}`, '-d', `${options.durationSeconds}`];
  if (options.form !== undefined)
    args.push('-m', 'POST', '-H', 'content-type=application/x-www-form-urlencoded', '-b', options.form);
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}:${value}`);
  if (options.cookie !== undefined) args.push('-H', `cookie=${options.cookie}`);
  args.push(url);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`autocannon exited with ${code} for ${url}`);
  const result = JSON.parse(out.trim().split('\n').at(-1) ?? '{}');
  return {
    name,
    connections: options.connections,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    mean: result.latency.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export function printTable(title: string, rows: CannonResult[], baseline: number | undefined) {
  const header = [
    'target',
    'conns',
    'req/s',
    'p50 ms',
    'p99 ms',
    'vs node:http',
    'non-2xx/err',
    'stall ms',
    'RSS MB',
  ];
  const lines = rows.map((r) => [
    r.name,
    String(r.connections),
    r.requestsPerSecond.toFixed(0),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    baseline ? (r.requestsPerSecond / baseline).toFixed(3) : '',
    `${r.non2xx}/${r.errors}`,
    r.maxStallMs === undefined ? '' : r.maxStallMs.toFixed(0),
    r.maxRssMb === undefined ? '' : r.maxRssMb.toFixed(0),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(`\n${title}`);
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}
