// Lighthouse mobile (its default form factor and simulated throttling) on /login, /home (signed in) and
// /infinite, against the real server and the built app on a fresh seeded database (DESIGN §7: performance
// 100). Build first (`npm run build`); `npm run bench:web` does both and the bundle report.
// Options: --runs N per page (3; the median run by performance is shown), --count N posts to seed (2000),
// --pages /login,/home,/infinite, --web-dist DIR (dist/web: the build to serve), --keep (keep the data
// folder and print where it is), --save DIR (write each run's full report there as JSON, to see where
// the time goes: long tasks, request chains, main-thread breakdown).
// Needs Chromium: CHROME_PATH, else /usr/bin/chromium.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from '../server/test/pg-cluster';

const DEMO = { email: 'demo@example.co.zw', password: 'marketplace-demo' }; // scripts/seed.ts
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    count: { type: 'string', default: '2000' },
    pages: { type: 'string', default: '/login,/home,/infinite' },
    'web-dist': { type: 'string', default: 'dist/web' },
    keep: { type: 'boolean', default: false },
    save: { type: 'string' },
  },
});
const runs = Math.max(1, Number(values.runs));
const pages = (values.pages ?? '').split(',').filter(Boolean);
const webDist = path.resolve(values['web-dist'] ?? 'dist/web');

/** Runs a TypeScript entry point with tsx, as `npm run seed` / `npm start` would. */
function tsx(file: string, args: string[], env: NodeJS.ProcessEnv, quiet = false): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

async function waitForReady(base: string, server: ChildProcess) {
  for (let i = 0; i < 300 && server.exitCode === null; i += 1) {
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not become ready');
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(DEMO),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!res.ok || !cookie) throw new Error(`login failed: HTTP ${res.status} ${await res.text()}`);
  return cookie.split(';')[0] ?? '';
}

interface PageResult {
  page: string;
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  metrics: Record<keyof typeof METRICS, string>;
  lcpElement: string;
  flagged: string[];
}

let savedRuns = 0;

async function audit(url: string, port: number, cookie?: string): Promise<PageResult> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  if (values.save) {
    mkdirSync(values.save, { recursive: true });
    savedRuns += 1;
    const name = `${new URL(url).pathname.slice(1) || 'root'}-${savedRuns}.json`;
    writeFileSync(path.join(values.save, name), JSON.stringify(lhr));
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id]?.displayValue ?? '?']),
  ) as PageResult['metrics'];
  const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as
    | { items?: { items?: { node?: { snippet?: string } }[] }[] }
    | undefined;
  // Audits of the scored categories that lost points, to say what to fix.
  const scored = new Set(
    ['performance', 'accessibility', 'best-practices', 'seo'].flatMap(
      (id) => lhr.categories[id]?.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id) ?? [],
    ),
  );
  const flagged = Object.values(lhr.audits)
    .filter((a) => scored.has(a.id) && a.score !== null && a.score < 0.9)
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  return {
    page: new URL(url).pathname,
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    metrics,
    lcpElement: lcpDetails?.items?.[0]?.items?.[0]?.node?.snippet ?? '?',
    flagged,
  };
}

/** Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP) on a busy machine: try again. */
async function auditWithRetry(url: string, port: number, cookie?: string): Promise<PageResult> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url, port, cookie);
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`retrying ${url}: ${error instanceof Error ? error.message : error}`);
    }
  }
}

async function main() {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    console.error(`No built web app in ${webDist}. Build first: npm run build`);
    process.exit(1);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mkt-lighthouse-'));
  const env = { DATA_DIR: dataDir, WEB_DIST: webDist, DATABASE_URL: '', LOG_LEVEL: 'warn' };
  let server: ChildProcess | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    console.log(`Seeding ${values.count} posts into ${dataDir}...`);
    const seed = tsx('scripts/seed.ts', ['--count', String(values.count)], env, true);
    if ((await exited(seed)) !== 0) throw new Error('seeding failed');

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = tsx('server/main.ts', [], {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      NODE_ENV: 'production',
    });
    await waitForReady(base, server);
    const cookie = await signIn(base);

    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
    });
    console.log(
      `Lighthouse ${runs}x per page (mobile, simulated slow 4G + 4x CPU); median run by performance:`,
    );
    const results: PageResult[] = [];
    for (const page of pages) {
      const pageRuns: PageResult[] = [];
      for (let i = 0; i < runs; i += 1) {
        pageRuns.push(
          await auditWithRetry(`${base}${page}`, chrome.port, page === '/home' ? cookie : undefined),
        );
      }
      pageRuns.sort((a, b) => a.performance - b.performance);
      const median = pageRuns[Math.floor(pageRuns.length / 2)] as PageResult;
      results.push({ ...median, page: `${page} (${pageRuns.map((r) => r.performance).join('/')})` });
    }
    console.table(
      results.map(({ page, performance, accessibility, seo, metrics, ...rest }) => ({
        page,
        perf: performance,
        a11y: accessibility,
        'best pr.': rest['best-practices'],
        seo,
        ...metrics,
      })),
    );
    for (const result of results) {
      console.log(`${result.page}: LCP element ${result.lcpElement}`);
      if (result.flagged.length) console.log(`  flagged: ${result.flagged.join(', ')}`);
    }
    if (results.some((r) => r.performance < 100)) process.exitCode = 1;
  } finally {
    chrome?.kill();
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await exited(server);
    }
    if (values.keep) console.log(`Data kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
