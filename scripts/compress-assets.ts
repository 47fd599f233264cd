// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the built web app, once at
// build time, so the server sends them as they are (server/plugins/web.ts: preCompressed) instead of
// compressing every response. Runs after every `vite build` (the precompress plugin in vite.config.ts);
// by hand for an existing build: `npx tsx scripts/compress-assets.ts [dir]` (default dist/web).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* textFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    // .vite holds the build manifest, which is never served.
    if (entry.isDirectory() && !entry.name.startsWith('.')) yield* textFiles(file);
    else if (entry.isFile() && TEXT.has(path.extname(entry.name))) yield file;
  }
}

export interface CompressSummary {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}

/** Compresses every text file under `dir` (best levels: this runs once per build, not per request). */
export async function compressAssets(dir: string): Promise<CompressSummary> {
  const summary: CompressSummary = { files: 0, raw: 0, gzip: 0, brotli: 0 };
  const jobs: Promise<void>[] = [];
  for await (const file of textFiles(dir)) {
    jobs.push(
      (async () => {
        const bytes = await readFile(file);
        const [br, gzipped] = await Promise.all([
          brotli(bytes, {
            params: {
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
          gz(bytes, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        // A copy no smaller than the file is pointless; the server then sends the file itself.
        if (br.length < bytes.length) await writeFile(`${file}.br`, br);
        if (gzipped.length < bytes.length) await writeFile(`${file}.gz`, gzipped);
        summary.files += 1;
        summary.raw += bytes.length;
        summary.brotli += Math.min(br.length, bytes.length);
        summary.gzip += Math.min(gzipped.length, bytes.length);
      })(),
    );
  }
  await Promise.all(jobs);
  return summary;
}

export function describe({ files, raw, gzip, brotli }: CompressSummary): string {
  const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
  return `precompressed ${files} files: ${kb(raw)} -> gzip ${kb(gzip)}, brotli ${kb(brotli)}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = path.resolve(process.argv[2] ?? 'dist/web');
  if (!(await stat(dir).catch(() => null))?.isDirectory()) {
    console.error(`No build at ${dir}. Build first: npm run build`);
    process.exit(1);
  }
  console.log(describe(await compressAssets(dir)));
}
