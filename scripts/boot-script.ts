// Builds the page's boot script (web/boot.ts, decision 037) into one self-contained file and puts it
// first in index.html's body, after the shell's preload links it reads. It is not a chunk of the
// app's build: with the app's chunks it would wait for them, and its point is to run before them.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * The scripts index.html names, the boot script among them. It is not in Vite's manifest, so whatever
 * lists a page's files (the service worker's shell, bench/web-bundle.ts) reads it from the page.
 */
export const scriptsNamedIn = (html: string): string[] =>
  [...html.matchAll(/<script\b[^>]*\bsrc="\/(assets\/[^"]+)"/g)].flatMap(([, file]) => (file ? [file] : []));

/** The boot script, bundled and minified: the page runs it as is. */
export async function buildBootScript(): Promise<string> {
  const result = await build({
    entryPoints: [path.resolve('web/boot.ts')],
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    target: 'es2022',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text;
  if (!code) throw new Error('the boot script built to nothing');
  return code;
}

export function bootScript(): Plugin {
  let fileName = '';
  return {
    name: 'boot-script',
    apply: 'build',
    async buildStart() {
      const code = await buildBootScript();
      fileName = `assets/boot-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
    },
    transformIndexHtml: () => [
      // First in the body, after the head's preload links it reads. Low, as the app's scripts are
      // (decision 036): Lighthouse counts a high-priority script as holding back the first paint.
      {
        tag: 'script',
        attrs: { async: true, fetchpriority: 'low', src: `/${fileName}` },
        injectTo: 'body-prepend',
      },
    ],
  };
}
