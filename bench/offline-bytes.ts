// Bytes over the network for /infinite in Chromium (decision 025): a first visit, then repeat visits,
// with the service worker and without it (as before it existed), with Data saver off and on (decision
// 026: no pictures until tapped), against the real server on a fresh
// database seeded with posts and pictures. Counts every response that came from the network (body as
// sent, compressed, plus headers), the service worker's own fetches included; answers from the HTTP
// cache or the worker's cache count 0.
// Build first (`npm run build`). Options: --count N posts (300), --port N (free one), --web-dist DIR.
// Needs Chromium: CHROME_PATH, else /usr/bin/chromium.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type BrowserContext, chromium, type Page } from '@playwright/test';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '300' },
    port: { type: 'string', default: '0' },
    'web-dist': { type: 'string', default: 'dist/web' },
  },
});

const tsx = (file: string, args: string[], env: NodeJS.ProcessEnv) =>
  spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
const exited = (child: ChildProcess) => new Promise((done) => child.once('exit', done));

/** Network bytes of everything the context loads while `step` runs, and the request count. */
async function measure(context: BrowserContext, step: () => Promise<void>) {
  const sizes: Promise<number>[] = [];
  const onFinished = (request: import('@playwright/test').Request) => {
    sizes.push(
      (async () => {
        const response = await request.response();
        if (!response || response.fromServiceWorker()) return 0; // the worker's own fetch is counted itself
        // From the HTTP cache Chromium reports a body of minus the headers: 0 in all.
        const { responseBodySize, responseHeadersSize } = await request.sizes();
        return Math.max(0, responseBodySize + responseHeadersSize);
      })(),
    );
  };
  context.on('requestfinished', onFinished);
  await step();
  context.off('requestfinished', onFinished);
  const all = await Promise.all(sizes);
  return {
    kB: (all.reduce((a, b) => a + b, 0) / 1000).toFixed(1),
    requests: all.filter((n) => n > 0).length,
  };
}

/** /infinite loaded, its cards' pictures drawn, and the network quiet. */
async function visit(page: Page, base: string, how: 'goto' | 'reload') {
  if (how === 'goto') await page.goto(`${base}/infinite`, { waitUntil: 'networkidle' });
  else await page.reload({ waitUntil: 'networkidle' });
  await page.getByRole('list', { name: 'Posts' }).getByRole('heading').first().waitFor();
  await page.waitForLoadState('networkidle');
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mkt-offline-bytes-'));
  const env = {
    DATA_DIR: dataDir,
    WEB_DIST: path.resolve(values['web-dist'] ?? 'dist/web'),
    LOG_LEVEL: 'warn',
  };
  let server: ChildProcess | undefined;
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const seed = tsx('scripts/seed.ts', ['--count', String(values.count)], { ...env, DATABASE_URL: '' });
    await exited(seed);
    const port = Number(values.port) || 3000 + Math.floor(Math.random() * 1000);
    const base = `http://localhost:${port}`;
    server = tsx('server/main.ts', [], {
      ...env,
      DATABASE_URL: '',
      PORT: String(port),
      NODE_ENV: 'production',
    });
    for (let i = 0; i < 300; i += 1) {
      if (
        await fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }

    const rows: Record<string, { kB: string; requests: number }> = {};
    const runs = [
      { serviceWorkers: 'block', dataSaver: false },
      { serviceWorkers: 'allow', dataSaver: false },
      { serviceWorkers: 'block', dataSaver: true },
      { serviceWorkers: 'allow', dataSaver: true },
    ] as const;
    for (const { serviceWorkers, dataSaver } of runs) {
      const label =
        (serviceWorkers === 'allow' ? 'with the service worker' : 'without (as before)') +
        (dataSaver ? ', Data saver on' : '');
      const context = await browser.newContext({ serviceWorkers });
      // The switch remembers its state on the device (web/features/feed/data-saver.ts).
      if (dataSaver) await context.addInitScript(() => localStorage.setItem('dataSaver', 'on'));
      const page = await context.newPage();
      rows[`first visit, ${label}`] = await measure(context, () => visit(page, base, 'goto'));
      if (serviceWorkers === 'allow') {
        // The worker registers a few seconds after load (web/lib/service-worker.ts): its install after.
        rows[`then: the worker installs (its shell)${dataSaver ? ', Data saver on' : ''}`] = await measure(
          context,
          async () => {
            await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
            await page.waitForLoadState('networkidle');
          },
        );
      }
      rows[`repeat visit, warm caches, ${label}`] = await measure(context, () => visit(page, base, 'reload'));
      rows[`second repeat visit, ${label}`] = await measure(context, () => visit(page, base, 'reload'));
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      rows[`repeat visit, HTTP cache emptied, ${label}`] = await measure(context, () =>
        visit(page, base, 'reload'),
      );
      await context.close();
    }
    console.log(`/infinite in Chromium, ${values.count} seeded posts (kB = 1000 bytes over the network):`);
    console.table(rows);
  } finally {
    await browser.close();
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await exited(server);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
