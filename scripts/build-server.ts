// npm run build:server: the server as one ES module, dist/server/main.mjs, which `npm start` and the
// deployed services run with plain node (decision 032). Running the TypeScript through tsx instead
// kept ~45 MB more resident (the loader, its transform cache and source maps) and put tsx's
// source-map stack formatting on every error. npm packages stay outside the bundle (node_modules, as
// installed); the two files the server finds beside its own module are copied next to it: the
// migrations (db/client.ts) and the embedded database's worker (db/pglite-thread.ts).
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const { values } = parseArgs({ options: { outdir: { type: 'string', default: 'dist/server' } } });
const outdir = path.resolve(values.outdir);

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
await build({
  entryPoints: ['server/main.ts'],
  outfile: path.join(outdir, 'main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
cpSync('server/db/migrations', path.join(outdir, 'migrations'), { recursive: true });
cpSync('server/db/pglite-worker.mjs', path.join(outdir, 'pglite-worker.mjs'));
console.log(`server built: ${path.relative(process.cwd(), path.join(outdir, 'main.mjs'))}`);
