// How long POST /api/password-reset/request takes for an address with an account and for one without
// (issue 31: the answer must not tell them apart), over real HTTP against the real app on a fresh
// embedded database, mail to files. Alternates the two so load on the machine falls on both alike.
// Run: npx tsx bench/reset-timing.ts [requests per kind, default 50]
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { databaseOptions, openDatabase } from '../server/db/client';

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;

async function main() {
  const runs = Number(process.argv[2] ?? 50);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mkt-reset-timing-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dataDir, 'no-web'),
    LIMITS_MULTIPLIER: '1000',
    // Every request asks for one of two addresses: the per-address mail limit must not answer first.
    PASSWORD_RESET_MAILS_PER_HOUR: '100000',
  });
  const database = await openDatabase(databaseOptions(config));
  const app = await buildApp({ config, database });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const post = (url: string, body: object) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const known = 'known.person@example.co.zw';
  const signup = await post('/api/signup', {
    name: 'Known Person',
    email: known,
    password: 'a password 1',
    phoneNumber: '0771234567',
  });
  if (signup.status !== 201) throw new Error(`sign-up failed: ${signup.status}`);

  const times = { known: [] as number[], unknown: [] as number[] };
  const bodies = new Set<string>();
  for (let i = 0; i < runs * 2; i++) {
    const kind = i % 2 === 0 ? 'known' : 'unknown';
    const email = kind === 'known' ? known : `nobody.${i}@example.co.zw`;
    const started = performance.now();
    const res = await post('/api/password-reset/request', { email });
    const text = await res.text();
    times[kind].push(performance.now() - started);
    bodies.add(`${res.status} ${text}`);
  }
  for (const kind of ['known', 'unknown'] as const)
    console.log(
      `${kind.padEnd(7)} n=${times[kind].length} median ${percentile(times[kind], 50).toFixed(1)} ms, p90 ${percentile(times[kind], 90).toFixed(1)} ms, min ${Math.min(...times[kind]).toFixed(1)} ms, max ${Math.max(...times[kind]).toFixed(1)} ms`,
    );
  console.log(`distinct answers (status and body): ${bodies.size}`);
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
