// Puts the page's first frame (web/app/first-frame.tsx, decision 036) into the built index.html's
// #root, and lowers the app's scripts to fetchpriority=low: the frame needs only the HTML and the CSS,
// so they go first and the phone paints it while the scripts (which Chrome would otherwise fetch at
// high priority, beside the CSS) still load. The server's modulepreloads for a screen's code are low
// too (server/plugins/web.ts).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Plugin } from 'vite';

const ROOT = '<div id="root"></div>';
/** Every script tag and module preload Vite writes, whatever the order of their attributes. */
const SCRIPT_TAGS = /<script\b[^>]*>|<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const LOW = ' fetchpriority="low"';

/** index.html with the frame in #root and every script tag and modulepreload at low priority. */
export function withFirstFrame(html: string, frame: string): string {
  if (!html.includes(ROOT)) throw new Error(`index.html has no empty ${ROOT}`);
  if (!html.match(SCRIPT_TAGS)) throw new Error('index.html has no module script');
  return html
    .replace(ROOT, () => `<div id="root">${frame}</div>`)
    .replace(SCRIPT_TAGS, (tag) =>
      tag.includes('fetchpriority=') ? tag : tag.replace(/^<(script|link)\b/, (start) => start + LOW),
    );
}

/**
 * The frame's HTML: the components rendered by scripts/render-first-frame.tsx, run with tsx. Checked
 * to be the layout alone, so nothing else the script might print ends up in every page.
 */
export function renderFirstFrame(): string {
  const script = path.resolve('scripts/render-first-frame.tsx');
  const html = execFileSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' });
  if (!/^<div [^>]*><header\b[\s\S]*<\/main><\/div>$/.test(html))
    throw new Error(`the first frame is not the app's layout alone:\n${html.slice(0, 500)}`);
  return html;
}

export function firstFrame(): Plugin {
  return {
    name: 'first-frame',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: (html) => withFirstFrame(html, renderFirstFrame()) },
  };
}
