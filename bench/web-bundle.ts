// First-load JS and CSS per route (DESIGN §7: first-load JS <= 100 KB gzip), from the Vite build
// manifest. A cold visit downloads the entry chunk, the route's lazy screen chunk, and every chunk those
// import statically (transitively); dynamic imports inside them load later and are not counted.
// Run after a build: `npm run build && npx tsx bench/web-bundle.ts [--dir dist/web]`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { scriptsNamedIn } from '../scripts/boot-script';
import { SCREENS } from '../shared/screens';

const BUDGET_KB = 100; // kB of 1000 bytes, as Vite prints them

// URL -> screen module, from the app's route table (shared/screens.ts: web/routes/<screen>.tsx).
const ROUTES: [url: string, module: string][] = SCREENS.map(({ path: url, screen }) => [
  url === '*' ? '/(not found)' : url.replace(/:\w+/g, (param) => `{${param.slice(1)}}`),
  `routes/${screen}.tsx`,
]);

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const { values } = parseArgs({ options: { dir: { type: 'string', default: 'dist/web' } } });
const dir = path.resolve(values.dir ?? 'dist/web');
const manifestFile = path.join(dir, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`No build manifest at ${manifestFile}. Build first: npm run build`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('the manifest has no entry chunk');

// Every screen file the build has should have a path in the table, so a new screen is not missed.
for (const module of Object.keys(manifest).filter((key) => /^routes\/[\w-]+\.tsx$/.test(key))) {
  if (!ROUTES.some(([, m]) => m === module))
    console.warn(`warning: ${module} has no path in shared/screens.ts`);
}

const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>();
function sizeOf(file: string) {
  let size = sizes.get(file);
  if (!size) {
    const bytes = readFileSync(path.join(dir, file));
    size = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    sizes.set(file, size);
  }
  return size;
}

/** The chunk keys a cold load of these modules fetches: themselves and their static imports. */
function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

// kB of 1000 bytes, as Vite's build report prints them.
const kb = (bytes: number) => (bytes / 1000).toFixed(1);
function total(files: string[]) {
  return files.reduce(
    (sum, file) => {
      const size = sizeOf(file);
      return { raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip, brotli: sum.brotli + size.brotli };
    },
    { raw: 0, gzip: 0, brotli: 0 },
  );
}

// Scripts the page names that are not chunks (the boot script, decision 037): every page loads them.
const chunkFiles = new Set(Object.values(manifest).map((chunk) => chunk.file));
const pageScripts = scriptsNamedIn(readFileSync(path.join(dir, 'index.html'), 'utf8')).filter(
  (file) => !chunkFiles.has(file),
);

const entry = closure([entryKey]);
const entryJs = total([...entry].map((key) => manifest[key]?.file ?? ''));
console.log(`Build: ${dir}. Entry ${entryKey} + its static imports: ${kb(entryJs.gzip)} kB gzip JS.`);
console.log(
  `Scripts the page names beside the entry, counted on every route: ${pageScripts.join(', ') || 'none'}.`,
);
console.log('First load per route (page scripts + entry + screen chunk + static imports), kB (1000 bytes):');
const rows = ROUTES.map(([url, module]) => {
  const keys = closure([entryKey, module]);
  const chunks = [...keys].map((key) => manifest[key] as Chunk);
  const js = total([...pageScripts, ...chunks.map((chunk) => chunk.file)]);
  const css = total([...new Set(chunks.flatMap((chunk) => chunk.css ?? []))]);
  return {
    route: url,
    screen: module.replace('routes/', ''),
    files: pageScripts.length + chunks.length,
    'JS gzip': kb(js.gzip),
    'JS br': kb(js.brotli),
    'JS raw': kb(js.raw),
    'CSS gzip': kb(css.gzip),
    budget: js.gzip <= BUDGET_KB * 1000 ? 'ok' : `OVER ${BUDGET_KB}`,
  };
});
console.table(rows);
const biggest = [...new Set(Object.values(manifest).map((chunk) => chunk.file))]
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file, gzip: sizeOf(file).gzip }))
  .sort((a, b) => b.gzip - a.gzip)
  .slice(0, 6);
console.log(
  `Largest chunks (kB gzip): ${biggest.map((c) => `${path.basename(c.file)} ${kb(c.gzip)}`).join(', ')}`,
);
if (rows.some((row) => row.budget !== 'ok')) process.exitCode = 1;
