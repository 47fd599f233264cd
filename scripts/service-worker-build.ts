// Builds the service worker (web/sw/sw.ts) into <outDir>/sw.js after the app's build (decision 025):
// one self-contained script (a worker cannot share the app's chunks), with the shell files to cache
// at install and a version that changes whenever they do, so a new build is a new worker and the
// page can offer the update. The shell: the page HTML ('/', added by the worker), the entry's JS and
// CSS and what it imports, the boot script (decision 037), the manifest and its icons: what every
// screen needs, most of it already in the HTTP cache from the visit that installs the worker. A
// screen's own chunks are kept by the worker as they are loaded (so nothing is downloaded for a
// screen the reader never opens).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { scriptsNamedIn } from './boot-script.js';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const STATIC_FILES = [
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/apple-touch-icon.png',
];

/** The screens read offline (web/routes/<name>.tsx): their code is in the shell from the install on. */
const READING_SCREENS = ['home', 'infinite', 'post'];

/**
 * The URLs of the shell's built files, from Vite's build manifest, and the scripts index.html names
 * that are not in it (the boot script, scripts/boot-script.ts).
 */
export function shellFiles(manifest: Record<string, Chunk>, html: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) files.add(`/${css}`);
    for (const next of chunk.imports ?? []) visit(next);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the build manifest has no entry chunk');
  visit(entry);
  for (const screen of READING_SCREENS) {
    const key = Object.keys(manifest).find((name) => name.endsWith(`routes/${screen}.tsx`));
    if (!key) throw new Error(`the build manifest has no screen ${screen}`);
    visit(key);
  }
  for (const file of scriptsNamedIn(html)) files.add(`/${file}`);
  return [...files, ...STATIC_FILES].sort();
}

export function serviceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const manifest = JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));
      const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const files = shellFiles(manifest, html);
      const version = createHash('sha256').update(files.join('\n')).update(html).digest('hex').slice(0, 12);
      await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        define: {
          __SHELL_FILES__: JSON.stringify(files),
          __SHELL_VERSION__: JSON.stringify(version),
        },
        build: {
          outDir,
          emptyOutDir: false,
          target: 'es2022',
          minify: true,
          lib: {
            entry: path.resolve('web/sw/sw.ts'),
            formats: ['iife'],
            name: 'sw',
            fileName: () => 'sw.js',
          },
        },
      });
      this.info(`service worker: ${files.length} shell files, version ${version}`);
    },
  };
}
