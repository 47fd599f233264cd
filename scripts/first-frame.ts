// Puts the page's first frame (web/app/first-frame.tsx, decision 036) into the built index.html's
// #root, and lowers the app's scripts to fetchpriority=low: the frame needs only the HTML and the CSS,
// so they go first and the phone paints it while the scripts (which Chrome would otherwise fetch at
// high priority, beside the CSS) still load. The server's modulepreloads for a screen's code are low
// too (server/plugins/web.ts).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Plugin } from 'vite';

const ROOT = '<div id="root"></div>';

/** index.html with the frame in #root and every script tag and modulepreload at low priority. */
export function withFirstFrame(html: string, frame: string): string {
  if (!html.includes(ROOT)) throw new Error(`index.html has no empty ${ROOT}`);
  const scripts = /<script type="module"|<link rel="modulepreload"/g;
  if (!html.match(scripts)) throw new Error('index.html has no module script');
  return html
    .replace(ROOT, () => `<div id="root">${frame}</div>`)
    .replace(scripts, (tag) => `${tag} fetchpriority="low"`);
}

/** The frame's HTML: the components rendered by scripts/render-first-frame.tsx, run with tsx. */
export function renderFirstFrame(): string {
  const script = path.resolve('scripts/render-first-frame.tsx');
  return execFileSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' });
}

export function firstFrame(): Plugin {
  return {
    name: 'first-frame',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: (html) => withFirstFrame(html, renderFirstFrame()) },
  };
}
